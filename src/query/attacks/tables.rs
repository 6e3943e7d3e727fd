//! The words and tables every engine of `attacks` and `shoot` reports:
//! the distribution tables, the per-engine fields, and how a group, a count
//! and a roll needed are named.

use super::{IMPACT_HITS, MEAN_KILLS, MEAN_WOUNDS};
use crate::report::{Column, Field, Table, Text, Value};
use crate::rules::attack::{AttackChain, HitNeed};
use crate::rules::special::Reroll;

pub(super) fn pmf_table(
    key: &'static str,
    title: Text,
    index: (&'static str, Text),
    rows: Rows,
) -> Table {
    let rows = rows
        .into_iter()
        .map(|(k, p)| (Value::Num(k as f64, ""), p))
        .collect();
    Table::distribution(
        key,
        title,
        Column::new(index.0, index.1),
        [crate::text!("P(= k)"), crate::text!("P(>= k)")],
        rows,
    )
}

/// A distribution's rows: k, then P(= k) and P(>= k).
pub(super) type Rows = Vec<(i64, [Value; 2])>;

/// The distribution tables of every engine: wounds, models slain and, for
/// multi-wound targets, the wounds on the one wounded model left standing
/// (0: none is wounded).
pub(super) fn distribution_tables(wounds: Rows, kills: Rows, wounded: Option<Rows>) -> Vec<Table> {
    let mut tables = vec![
        pmf_table(
            "wounds_pmf",
            crate::text!("Wounds (combat result)"),
            ("wounds", crate::text!("wounds")),
            wounds,
        ),
        pmf_table(
            "kills_pmf",
            crate::text!("Models slain"),
            ("kills", crate::text!("kills")),
            kills,
        ),
    ];
    if let Some(rows) = wounded {
        tables.push(pmf_table(
            "wounded_model_pmf",
            crate::text!("Wounds on the wounded model left standing"),
            ("wounds", crate::text!("wounds")),
            rows,
        ));
    }
    tables
}

/// The fields of every engine, named once: the main group's per-attack
/// odds (engines that see single attacks), the means and sds of wounds and
/// kills, and P(unit destroyed) with `--target-models`.
pub(super) fn outcome_fields(
    per_attack: Option<[Value; 3]>,
    [mean_w, sd_w, mean_k, sd_k]: [Value; 4],
    destroyed: Option<Value>,
) -> Vec<Field> {
    let mut fields = Vec::new();
    if let Some([hit, wound, unsaved]) = per_attack {
        fields.extend([
            Field::new("p_hit", crate::text!("P(hit) per attack"), hit),
            Field::new("p_wound", crate::text!("P(wound) per attack"), wound),
            Field::new(
                "p_unsaved",
                crate::text!("P(unsaved wound) per attack"),
                unsaved,
            ),
        ]);
    }
    fields.extend([
        Field::new(
            MEAN_WOUNDS,
            crate::text!("mean wounds (combat result)"),
            mean_w,
        ),
        Field::new("sd_wounds", crate::text!("sd of wounds"), sd_w),
        Field::new(MEAN_KILLS, crate::text!("mean models slain"), mean_k),
        Field::new("sd_kills", crate::text!("sd of models slain"), sd_k),
    ]);
    if let Some(d) = destroyed {
        fields.push(Field::new(
            "p_destroyed",
            crate::text!("P(unit destroyed)"),
            d,
        ));
    }
    fields
}

/// "4+", or "none".
/// "number of attacks": the count of a group's attacks, in words.
pub(super) fn number_of(group: &'static str) -> Text {
    match group {
        "attacks" => crate::text!("number of attacks"),
        "shots" => crate::text!("number of shots"),
        other => crate::text!("number of {}", group_label(other)),
    }
}

/// A group's name in words.
pub(super) fn group_label(group: &'static str) -> Text {
    match group {
        "attacks" => crate::text!("attacks"),
        "mount attacks" => crate::text!("mount attacks"),
        IMPACT_HITS => crate::text!("impact hits"),
        "shots" => crate::text!("shots"),
        other => Text::kept(other),
    }
}

pub(super) fn need(n: Option<u8>) -> Text {
    n.map_or_else(|| crate::text!("none"), |n| crate::text!("{}+", n))
}

pub(super) fn describe_hit(chain: &AttackChain) -> Text {
    let base = match chain.hit {
        HitNeed::Automatic => crate::text!("automatic"),
        HitNeed::Impossible => crate::text!("impossible"),
        HitNeed::CloseCombat(n) => crate::text!("{}+", n),
        HitNeed::Shooting(n) if n > 6 => crate::text!("{}+ (a 6, then {}+)", n, n - 3),
        HitNeed::Shooting(n) => crate::text!("{}+", n),
    };
    match chain.reroll_hits {
        Reroll::None => base,
        Reroll::Failures => crate::text!("{}, re-roll misses", base),
        Reroll::Ones => crate::text!("{}, re-roll 1s", base),
    }
}
