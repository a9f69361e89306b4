//! The network as candle variables: the forward pass over a minibatch of dense inputs, the loss,
//! and the conversions from and to the engine's [`Layers`] (the weights keep the engine's
//! input-major layouts, so a layer is `x · W + b`).

use candle_core::{D, DType, Device, Tensor, Var};
use ludus_backgammon_engine::net::{Layers, Net, OUTPUTS, WeightsError};

/// One dense layer's variables: weights (inputs × units) and biases (units).
#[derive(Debug)]
struct Layer {
    w: Var,
    b: Var,
}

impl Layer {
    fn new(w: &[f32], b: &[f32], device: &Device) -> candle_core::Result<Layer> {
        let units = b.len();
        Ok(Layer {
            w: Var::from_slice(w, (w.len() / units, units), device)?,
            b: Var::from_slice(b, units, device)?,
        })
    }

    fn apply(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        x.matmul(self.w.as_tensor())?
            .broadcast_add(self.b.as_tensor())
    }

    fn values(&self) -> candle_core::Result<(Vec<f32>, Vec<f32>)> {
        Ok((
            self.w.as_tensor().flatten_all()?.to_vec1()?,
            self.b.to_vec1()?,
        ))
    }
}

/// The trainable network: one or two sigmoid hidden layers, five sigmoid outputs.
#[derive(Debug)]
pub(crate) struct Model {
    layers: Vec<Layer>,
    template: Layers,
}

impl Model {
    /// The variables of `net`'s weights.
    pub(crate) fn from_net(net: &Net, device: &Device) -> candle_core::Result<Model> {
        let l = net.layers();
        let mut layers = vec![Layer::new(&l.w1, &l.b1, device)?];
        if let Some((w, b)) = &l.second {
            layers.push(Layer::new(w, b, device)?);
        }
        let top = l.w2.len() / OUTPUTS;
        let out = transpose(&l.w2, OUTPUTS, top);
        layers.push(Layer::new(&out, &l.b2, device)?);
        Ok(Model {
            layers,
            template: l,
        })
    }

    /// Every variable, for the optimiser.
    pub(crate) fn vars(&self) -> Vec<Var> {
        self.layers
            .iter()
            .flat_map(|l| [l.w.clone(), l.b.clone()])
            .collect()
    }

    /// The output logits of a batch of dense inputs (batch × inputs).
    pub(crate) fn logits(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let (last, hidden) = self.layers.split_last().expect("an output layer");
        let mut a = x.clone();
        for layer in hidden {
            a = candle_nn::ops::sigmoid(&layer.apply(&a)?)?;
        }
        last.apply(&a)
    }

    /// The engine's network with the current weights.
    pub(crate) fn to_net(&self, games_trained: u64) -> Result<Net, ModelError> {
        let mut values = self
            .layers
            .iter()
            .map(Layer::values)
            .collect::<candle_core::Result<Vec<_>>>()?;
        let (w_out, b_out) = values.pop().expect("an output layer");
        let top = b_out.len().max(1);
        let units = w_out.len() / top;
        let (w1, b1) = values.remove(0);
        let mut b2 = [0.0; OUTPUTS];
        b2.copy_from_slice(&b_out);
        Ok(Net::from_layers(Layers {
            encoding: self.template.encoding,
            w1,
            b1,
            second: values.pop(),
            w2: transpose(&w_out, units, OUTPUTS),
            b2,
            games_trained,
        })?)
    }
}

/// The summed cross-entropy of the five outputs against `targets`, averaged over the batch, in
/// its stable form `max(z, 0) − z·t + ln(1 + e^−|z|)` of the logits `z`.
pub(crate) fn loss(logits: &Tensor, targets: &Tensor) -> candle_core::Result<Tensor> {
    let softplus = logits.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
    let per_output = ((logits.relu()? - (logits * targets)?)? + softplus)?;
    per_output.sum(D::Minus1)?.mean_all()
}

/// The ranking term of a batch of sibling groups: the network's cubeless equities (from its
/// logits) centred within each group by `centring` (rows × rows), minus the labels' centred
/// equities `centred` (rows × 1), squared and averaged.
pub(crate) fn rank_loss(
    logits: &Tensor,
    centring: &Tensor,
    centred: &Tensor,
) -> candle_core::Result<Tensor> {
    // Cubeless equity 2w − 1 + wg + wbg − lg − lbg; the constant drops out when centred.
    let weights = Tensor::from_slice(
        &[2.0f32, 1.0, 1.0, -1.0, -1.0],
        (OUTPUTS, 1),
        logits.device(),
    )?;
    let equities = candle_nn::ops::sigmoid(logits)?.matmul(&weights)?;
    let gap = (centring.matmul(&equities)? - centred)?;
    gap.sqr()?.mean_all()
}

/// `rows × cols` row-major values as `cols × rows`.
fn transpose(values: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut out = vec![0.0; values.len()];
    for r in 0..rows {
        for c in 0..cols {
            out[c * rows + r] = values[r * cols + c];
        }
    }
    out
}

/// A batch of dense inputs and targets as tensors.
pub(crate) fn batch_tensors(
    inputs: &[f32],
    targets: &[f32],
    rows: usize,
    device: &Device,
) -> candle_core::Result<(Tensor, Tensor)> {
    let x = Tensor::from_slice(inputs, (rows, inputs.len() / rows.max(1)), device)?;
    let t = Tensor::from_slice(targets, (rows, OUTPUTS), device)?;
    Ok((x.to_dtype(DType::F32)?, t))
}

/// Why the model could not be built or exported.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The tensor library failed.
    #[error("tensor computation failed: {0}")]
    Tensor(#[from] candle_core::Error),
    /// The weights do not form a network of the engine.
    #[error(transparent)]
    Weights(#[from] WeightsError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon_engine::eval::NetEvaluator;

    #[test]
    fn a_network_comes_back_from_the_variables_unchanged() {
        let device = Device::Cpu;
        let net = NetEvaluator::shipped().net().clone();
        let model = Model::from_net(&net, &device).expect("variables");
        assert_eq!(model.to_net(net.games_trained).expect("export"), net);
    }

    #[test]
    fn the_logits_are_the_engines_outputs_before_the_sigmoid() {
        use ludus_backgammon::Position;
        use ludus_backgammon_engine::encoding::SparseInputs;
        let device = Device::Cpu;
        let net = NetEvaluator::shipped().net().clone();
        let model = Model::from_net(&net, &device).expect("variables");
        let mut x = SparseInputs::new();
        net.encode(&Position::starting(), &mut x);
        let dense = x.to_dense();
        let (xt, _) = batch_tensors(&dense, &[0.0; OUTPUTS], 1, &device).expect("tensors");
        let z: Vec<f32> = model
            .logits(&xt)
            .and_then(|z| z.flatten_all()?.to_vec1())
            .expect("logits");
        let mut h = vec![0.0; net.scratch_len()];
        let engine = net.forward(&x, &mut h);
        for (a, b) in z.iter().zip(engine) {
            assert!((ludus_backgammon_engine::net::sigmoid(*a) - b).abs() < 1e-5);
        }
    }

    #[test]
    fn the_loss_is_the_cross_entropy_and_finite_at_saturated_logits() {
        let device = Device::Cpu;
        let z = Tensor::from_slice(&[0.0f32, 2.0, -40.0, 40.0, 1.0], (1, 5), &device).unwrap();
        let t = Tensor::from_slice(&[0.5f32, 1.0, 0.0, 1.0, 0.0], (1, 5), &device).unwrap();
        let got = loss(&z, &t).and_then(|l| l.to_scalar::<f32>()).unwrap();
        let ce = |z: f64, t: f64| {
            let p = 1.0 / (1.0 + (-z).exp());
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        };
        let want = ce(0.0, 0.5) + ce(2.0, 1.0) + 1e-17 + 1e-17 + ce(1.0, 0.0);
        assert!((f64::from(got) - want).abs() < 1e-5, "{got} vs {want}");
    }
}
