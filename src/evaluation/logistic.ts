// Logistic regression by batch gradient descent with an L2 penalty: enough for a handful of features in
// [0, 1]. Used to fit the stand-in's reader model (scripts/fit-reader.ts).

export interface Example {
  features: readonly number[];
  label: 0 | 1;
  /** How much the example counts; each development set is weighted to count as much as another. */
  weight?: number;
}

export interface LogisticFit {
  bias: number;
  weights: number[];
  /** The weighted mean log loss on the examples at the end of the fit. */
  loss: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fitLogistic(options: {
  examples: readonly Example[];
  iterations?: number;
  learningRate?: number;
  l2?: number;
}): LogisticFit {
  const { examples, iterations = 4000, learningRate = 0.5, l2 = 0.001 } = options;
  const width = examples[0]?.features.length ?? 0;
  const weights = new Array<number>(width).fill(0);
  let bias = 0;
  const totalWeight = examples.reduce((sum, example) => sum + (example.weight ?? 1), 0);
  if (totalWeight === 0) throw new Error('fitLogistic: no examples to fit');
  let loss = 0;
  for (let step = 0; step < iterations; step++) {
    const gradient = new Array<number>(width).fill(0);
    let gradientBias = 0;
    loss = 0;
    for (const { features, label, weight = 1 } of examples) {
      let z = bias;
      for (let i = 0; i < width; i++) z += (weights[i] as number) * (features[i] as number);
      const p = sigmoid(z);
      const error = (p - label) * weight;
      for (let i = 0; i < width; i++) gradient[i] = (gradient[i] as number) + error * (features[i] as number);
      gradientBias += error;
      loss -= weight * (label === 1 ? Math.log(Math.max(p, 1e-12)) : Math.log(Math.max(1 - p, 1e-12)));
    }
    for (let i = 0; i < width; i++) {
      const w = weights[i] as number;
      weights[i] = w - learningRate * ((gradient[i] as number) / totalWeight + l2 * w);
    }
    bias -= (learningRate * gradientBias) / totalWeight;
  }
  return { bias, weights, loss: loss / totalWeight };
}
