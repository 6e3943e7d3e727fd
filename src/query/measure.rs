//! Reading a tally's cells as reported values, whichever engine filled
//! them: exact probabilities ([`ExactMeasure`]) or counts of trials
//! ([`CountMeasure`]) become [`Value::Prob`] or [`Value::ProbEst`] with
//! its interval. A query's figures are written once against [`Measure`].

use crate::report::Value;
use crate::sim::Estimate;

/// Reads tally cells as reported values.
pub(crate) trait Measure {
    /// P(the trial falls in any of `cells`).
    fn prob(&self, cells: &[usize]) -> Value;
    /// Mean and sd of a histogram stored in `cells` (values 0, 1, ...),
    /// over the trials it counts.
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value);
    /// E[the `weight` of the cell the trial falls in] over `cells` (0
    /// outside them): a probability with an exact factor per cell.
    fn expectation(&self, cells: &[(usize, f64)]) -> Value;
}

/// Exact probabilities, one per cell.
pub(crate) struct ExactMeasure<'a>(pub(crate) &'a [f64]);

impl Measure for ExactMeasure<'_> {
    fn prob(&self, cells: &[usize]) -> Value {
        Value::Prob(
            cells
                .iter()
                .map(|&c| self.0[c])
                .sum::<f64>()
                .clamp(0.0, 1.0),
        )
    }
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value) {
        let h = &self.0[cells];
        let total: f64 = h.iter().sum();
        if total <= 0.0 {
            return (Value::Absent, Value::Absent);
        }
        let mean = h.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>() / total;
        let var = h
            .iter()
            .enumerate()
            .map(|(k, p)| (k as f64 - mean).powi(2) * p)
            .sum::<f64>()
            / total;
        (Value::Num(mean, ""), Value::Num(var.sqrt(), ""))
    }
    fn expectation(&self, cells: &[(usize, f64)]) -> Value {
        Value::Prob(
            cells
                .iter()
                .map(|&(c, w)| self.0[c] * w)
                .sum::<f64>()
                .clamp(0.0, 1.0),
        )
    }
}

/// Counts of trials, one per cell.
pub(crate) struct CountMeasure<'a> {
    pub(crate) counts: &'a [u64],
    pub(crate) trials: u64,
}

impl Measure for CountMeasure<'_> {
    fn prob(&self, cells: &[usize]) -> Value {
        Value::ProbEst(Estimate::proportion(
            cells.iter().map(|&c| self.counts[c]).sum(),
            self.trials,
        ))
    }
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value) {
        let h = &self.counts[cells];
        if h.iter().sum::<u64>() == 0 {
            return (Value::Absent, Value::Absent);
        }
        let (mean, sd) = Estimate::moments(0, h);
        (Value::NumEst(mean, ""), Value::NumEst(sd, ""))
    }
    fn expectation(&self, cells: &[(usize, f64)]) -> Value {
        let weighted: Vec<(u64, f64)> = cells.iter().map(|&(c, w)| (self.counts[c], w)).collect();
        Value::ProbEst(Estimate::expectation(&weighted, self.trials))
    }
}
