// Logistic regression by Newton's method (iteratively reweighted least squares), for the few weights of
// the gate's evidence model (scripts/fit-gate.ts) and of the stand-in's reader (scripts/fit-reader.ts):
// small enough to solve exactly, so a fit needs no learning rate, no iteration count and no stopping taste.

export interface LogisticFit {
  bias: number;
  weights: number[];
  iterations: number;
  /** Weighted mean negative log-likelihood of the labels under the fit. */
  loss: number;
}

/** Solves `matrix · x = vector` by Gaussian elimination with partial pivoting. */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const rows = matrix.map((row, i) => [...row, vector[i] as number]);
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let row = column + 1; row < n; row++) {
      if (Math.abs(rows[row]?.[column] as number) > Math.abs(rows[pivot]?.[column] as number)) pivot = row;
    }
    [rows[column], rows[pivot]] = [rows[pivot] as number[], rows[column] as number[]];
    const top = rows[column] as number[];
    for (let row = column + 1; row < n; row++) {
      const current = rows[row] as number[];
      const factor = (current[column] as number) / (top[column] as number);
      for (let k = column; k <= n; k++) current[k] = (current[k] as number) - factor * (top[k] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    const current = rows[row] as number[];
    let sum = current[n] as number;
    for (let k = row + 1; k < n; k++) sum -= (current[k] as number) * (x[k] as number);
    x[row] = sum / (current[row] as number);
  }
  return x;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Fits P(label) = sigmoid(bias + weights · features). `weights` (default 1 each) lets an example count
 * for more: each development set is weighed to count as much as another. `l2` (default 1e-3, on the
 * weights, not the bias) keeps the fit finite when a feature separates the labels perfectly.
 */
export function fitLogistic(options: {
  features: readonly (readonly number[])[];
  labels: readonly boolean[];
  weights?: readonly number[];
  l2?: number;
}): LogisticFit {
  const { features, labels } = options;
  const l2 = options.l2 ?? 1e-3;
  const exampleWeight = (i: number) => options.weights?.[i] ?? 1;
  const total = features.reduce((sum, _, i) => sum + exampleWeight(i), 0);
  if (total === 0) throw new Error('fitLogistic: no examples to fit');
  const width = (features[0]?.length ?? 0) + 1;
  const rows = features.map((row) => [1, ...row]);
  const probability = (row: readonly number[], beta: readonly number[]) =>
    sigmoid(row.reduce((sum, x, k) => sum + x * (beta[k] as number), 0));
  let beta = new Array<number>(width).fill(0);
  let iterations = 0;
  for (; iterations < 100; iterations++) {
    const gradient = new Array<number>(width).fill(0);
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    rows.forEach((row, i) => {
      const p = probability(row, beta);
      const w = exampleWeight(i);
      const error = (p - (labels[i] ? 1 : 0)) * w;
      const curvature = p * (1 - p) * w;
      for (let a = 0; a < width; a++) {
        gradient[a] = (gradient[a] as number) + error * (row[a] as number);
        const line = hessian[a] as number[];
        for (let b = 0; b < width; b++)
          line[b] = (line[b] as number) + curvature * (row[a] as number) * (row[b] as number);
      }
    });
    for (let a = 1; a < width; a++) {
      gradient[a] = (gradient[a] as number) + l2 * total * (beta[a] as number);
      const line = hessian[a] as number[];
      line[a] = (line[a] as number) + l2 * total;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((value, k) => value - (step[k] as number));
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  const loss =
    rows.reduce((sum, row, i) => {
      const p = probability(row, beta);
      return sum - exampleWeight(i) * Math.log(Math.max(labels[i] ? p : 1 - p, 1e-300));
    }, 0) / total;
  return { bias: beta[0] as number, weights: beta.slice(1), iterations: iterations + 1, loss };
}
