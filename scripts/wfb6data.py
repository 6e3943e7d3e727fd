"""Reading a checkout of the WFB6 data repository
(lexicanum-imperialis/Warhammer-Fantasy-Battles-6th-Definitive-edition):
its game system (.gst) and catalogues (.cat), each entry, group, profile
and rule by id, and links followed across the files. Shared by
scripts/wfb6-rosters and scripts/wfb6-units; nothing of the data is
copied here."""
import glob
import os
import xml.etree.ElementTree as ET

KINDS = ("selectionEntry", "selectionEntryGroup", "profile", "rule", "infoGroup")


def local(tag):
    return tag.split("}")[1] if "}" in tag else tag


class Data:
    """Every file's root, and each entry, group, profile and rule by id."""

    def __init__(self, folder):
        self.by_id, self.roots = {}, []
        for f in sorted(glob.glob(os.path.join(folder, "*.gst")) + glob.glob(os.path.join(folder, "*.cat"))):
            root = ET.parse(f).getroot()
            self.roots.append(root)
            for e in root.iter():
                if local(e.tag) in KINDS and e.attrib.get("id"):
                    self.by_id.setdefault(e.attrib["id"], e)

    @staticmethod
    def kids(e, name):
        for c in e:
            if local(c.tag) == name:
                yield from c

    def resolve(self, e):
        return self.by_id.get(e.attrib.get("targetId")) if local(e.tag) == "entryLink" else e

    def catalogues(self):
        return [r for r in self.roots if local(r.tag) == "catalogue"]


def required(link, target):
    """Whether a list must hold this entry: a minimum of one, in its
    parent or the force (an army's own rules: `Forces of Dwarfs' Army
    Rules`)."""
    for e in (link, target):
        for c in Data.kids(e, "constraints"):
            if c.attrib.get("type") == "min" and c.attrib.get("field", "selections") == "selections" \
                    and c.attrib.get("scope", "parent") in ("parent", "self", "force"):
                try:
                    if float(c.attrib["value"]) >= 1:
                        return True
                except (KeyError, ValueError):
                    pass
    return False
