//! Measuring as players do (RULES.md Panic; seed 003 "Mide la distancia
//! desde el punto más cercano"): a unit is the rectangle of its bases, and
//! the distance between two units is the gap between their nearest points,
//! edge to edge. A fleeing unit turns directly away from what it flees and
//! moves its centre that far.
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::measure::Footprint;
//! // 15 Spearmen 5 wide on 20 mm bases at (0, 0) facing up the table, and
//! // 5 knights 25 mm wide beside them, 6 cm to the right.
//! let spearmen = Footprint::of_ranks(0.0, 0.0, 0.0, 15, 5, [2.0, 2.0]);
//! let knights = Footprint::of_ranks(5.0 + 6.0 + 6.25, 0.0, 0.0, 5, 5, [2.5, 5.0]);
//! assert!((spearmen.gap(&knights) - 6.0).abs() < 1e-9);
//! ```

use super::profile::TroopType;

/// The rectangle a unit's bases cover: the centre of its front edge, the
/// way it faces (degrees clockwise from up the table, +y), its width and
/// its depth, in the edition's unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Footprint {
    /// The centre of its front edge, x.
    pub x: f64,
    /// The centre of its front edge, y.
    pub y: f64,
    /// Degrees clockwise from +y (0 faces up the table, 90 to the right).
    pub facing: f64,
    /// Its frontage.
    pub width: f64,
    /// Its depth.
    pub depth: f64,
}

impl Footprint {
    /// A unit of `models` models `files` wide on bases `base` ([width,
    /// depth]), its front edge centred on (x, y).
    pub fn of_ranks(x: f64, y: f64, facing: f64, models: u32, files: u32, base: [f64; 2]) -> Self {
        let files = files.clamp(1, models.max(1));
        let ranks = models.max(1).div_ceil(files);
        Footprint {
            x,
            y,
            facing,
            width: f64::from(files) * base[0],
            depth: f64::from(ranks) * base[1],
        }
    }

    /// The way it faces, as a unit vector.
    pub fn ahead(&self) -> (f64, f64) {
        let r = self.facing.to_radians();
        (r.sin(), r.cos())
    }

    /// The centre of the rectangle.
    pub fn centre(&self) -> (f64, f64) {
        let (ax, ay) = self.ahead();
        (
            self.x - ax * self.depth / 2.0,
            self.y - ay * self.depth / 2.0,
        )
    }

    /// Its four corners, front left first, clockwise.
    pub fn corners(&self) -> [(f64, f64); 4] {
        let (ax, ay) = self.ahead();
        let (rx, ry) = (ay, -ax);
        let (hw, d) = (self.width / 2.0, self.depth);
        let at = |side: f64, back: f64| {
            (
                self.x + rx * side - ax * back,
                self.y + ry * side - ay * back,
            )
        };
        [at(-hw, 0.0), at(hw, 0.0), at(hw, d), at(-hw, d)]
    }

    /// The gap between the nearest points of two units, edge to edge; 0
    /// when they touch or overlap.
    pub fn gap(&self, other: &Footprint) -> f64 {
        let (a, b) = (self.corners(), other.corners());
        if overlap(&a, &b, 0.0) {
            return 0.0;
        }
        let mut best = f64::INFINITY;
        for (p, q) in [(&a, &b), (&b, &a)] {
            for &v in p.iter() {
                for i in 0..4 {
                    best = best.min(point_to_segment_squared(v, q[i], q[(i + 1) % 4]));
                }
            }
        }
        best.sqrt()
    }

    /// Whether the rectangles overlap by more than `tolerance` (units that
    /// only touch do not overlap).
    pub fn overlaps(&self, other: &Footprint, tolerance: f64) -> bool {
        overlap(&self.corners(), &other.corners(), tolerance)
    }

    /// The unit after fleeing `distance` directly away from `cause` (a
    /// point): it turns about its centre to face away and moves its centre
    /// that far. A cause at its very centre sends it straight back.
    pub fn flee_from(&self, cause: (f64, f64), distance: f64) -> Footprint {
        let (cx, cy) = self.centre();
        let (dx, dy) = (cx - cause.0, cy - cause.1);
        let facing = match dx.hypot(dy) > 1e-9 {
            true => dx.atan2(dy).to_degrees(),
            false => self.facing + 180.0,
        };
        self.turned(facing).moved(distance)
    }

    /// The unit turned about its centre to face `facing`.
    pub fn turned(&self, facing: f64) -> Footprint {
        let (cx, cy) = self.centre();
        let mut turned = Footprint { facing, ..*self };
        let (ax, ay) = turned.ahead();
        turned.x = cx + ax * self.depth / 2.0;
        turned.y = cy + ay * self.depth / 2.0;
        turned
    }

    /// The unit moved `distance` straight ahead.
    pub fn moved(&self, distance: f64) -> Footprint {
        let (ax, ay) = self.ahead();
        Footprint {
            x: self.x + ax * distance,
            y: self.y + ay * distance,
            ..*self
        }
    }
}

/// A troop type's usual base, width and depth in mm: infantry 20 x 20,
/// cavalry 25 x 50, monstrous infantry 40 x 40, monsters and war machines
/// 50 x 50, chariots 50 x 100 (a file may give any other).
pub fn base_mm(troop: TroopType) -> [f64; 2] {
    match troop {
        TroopType::Infantry => [20.0, 20.0],
        TroopType::Cavalry => [25.0, 50.0],
        TroopType::LargeInfantry => [40.0, 40.0],
        TroopType::Monster | TroopType::WarMachine => [50.0, 50.0],
        TroopType::Chariot => [50.0, 100.0],
    }
}

/// Whether rectangles of corners `a` and `b` overlap by more than
/// `tolerance`: no axis of either (the directions of its edges) separates
/// them.
fn overlap(a: &[(f64, f64); 4], b: &[(f64, f64); 4], tolerance: f64) -> bool {
    let edge = |c: &[(f64, f64); 4], i: usize| {
        let (x, y) = (c[i + 1].0 - c[i].0, c[i + 1].1 - c[i].1);
        let len = (x * x + y * y).sqrt().max(1e-12);
        (x / len, y / len)
    };
    for (ux, uy) in [edge(a, 0), edge(a, 1), edge(b, 0), edge(b, 1)] {
        let project = |c: &[(f64, f64); 4]| {
            c.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                    let d = p.0 * ux + p.1 * uy;
                    (lo.min(d), hi.max(d))
                })
        };
        let ((alo, ahi), (blo, bhi)) = (project(a), project(b));
        if ahi <= blo + tolerance || bhi <= alo + tolerance {
            return false;
        }
    }
    true
}

/// The squared distance from point `p` to the segment `a`-`b`.
fn point_to_segment_squared(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (abx, aby) = (b.0 - a.0, b.1 - a.1);
    let len2 = abx * abx + aby * aby;
    let t = match len2 > 0.0 {
        true => (((p.0 - a.0) * abx + (p.1 - a.1) * aby) / len2).clamp(0.0, 1.0),
        false => 0.0,
    };
    let (dx, dy) = (p.0 - a.0 - t * abx, p.1 - a.1 - t * aby);
    dx * dx + dy * dy
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(x: f64, y: f64, facing: f64) -> Footprint {
        Footprint {
            x,
            y,
            facing,
            width: 10.0,
            depth: 4.0,
        }
    }

    #[test]
    fn units_side_by_side_measure_edge_to_edge() {
        assert!((unit(0.0, 0.0, 0.0).gap(&unit(15.0, 0.0, 0.0)) - 5.0).abs() < 1e-9);
        // Corner to corner: 3 right and 4 back of the corner is 5 away.
        let behind = unit(13.0, -8.0, 0.0);
        assert!((unit(0.0, 0.0, 0.0).gap(&behind) - 5.0).abs() < 1e-9);
    }

    #[test]
    fn touching_is_not_overlapping() {
        let (a, b) = (unit(0.0, 0.0, 0.0), unit(10.0, 0.0, 0.0));
        assert!(!a.overlaps(&b, 1e-6) && a.gap(&b) == 0.0);
        assert!(a.overlaps(&unit(9.0, 0.0, 0.0), 1e-6));
        // Turned 45 degrees, just clear of the first.
        assert!(!a.overlaps(&unit(0.0, 10.0, 45.0), 1e-6));
    }

    #[test]
    fn a_flee_turns_directly_away_and_moves_the_centre() {
        let u = unit(0.0, 0.0, 0.0);
        // Fleeing from a point in front: it turns about (0, -2) to face
        // down the table and its centre moves 10 further down.
        let fled = u.flee_from((0.0, 5.0), 10.0);
        let (cx, cy) = fled.centre();
        assert!((cx).abs() < 1e-9 && (cy + 12.0).abs() < 1e-9, "{cx} {cy}");
        assert!((fled.facing.rem_euclid(360.0) - 180.0).abs() < 1e-9);
        // From the left: it runs right.
        let (cx, cy) = u.flee_from((-20.0, -2.0), 7.0).centre();
        assert!((cx - 7.0).abs() < 1e-9 && (cy + 2.0).abs() < 1e-9);
    }
}
