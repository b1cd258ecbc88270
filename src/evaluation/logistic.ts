// Logistic regression by Newton's method (iteratively reweighted least squares), for the gate's few
// weights: small enough to solve exactly, so the fit needs no learning rate and no stopping taste.

export interface LogisticFit {
  bias: number;
  weights: number[];
  iterations: number;
  /** Mean negative log-likelihood of the labels under the fit. */
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
 * Fits P(label) = sigmoid(bias + weights · features). `l2` (default 1e-3, on the weights, not the
 * bias) keeps the fit finite when a feature separates the labels perfectly.
 */
export function fitLogistic(options: {
  features: readonly (readonly number[])[];
  labels: readonly boolean[];
  l2?: number;
}): LogisticFit {
  const { features, labels } = options;
  const l2 = options.l2 ?? 1e-3;
  const width = (features[0]?.length ?? 0) + 1;
  const rows = features.map((row) => [1, ...row]);
  let beta = new Array<number>(width).fill(0);
  let iterations = 0;
  for (; iterations < 100; iterations++) {
    const gradient = new Array<number>(width).fill(0);
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    rows.forEach((row, i) => {
      const p = sigmoid(row.reduce((sum, x, k) => sum + x * (beta[k] as number), 0));
      const error = p - (labels[i] ? 1 : 0);
      const weight = p * (1 - p);
      for (let a = 0; a < width; a++) {
        gradient[a] = (gradient[a] as number) + error * (row[a] as number);
        const line = hessian[a] as number[];
        for (let b = 0; b < width; b++)
          line[b] = (line[b] as number) + weight * (row[a] as number) * (row[b] as number);
      }
    });
    for (let a = 1; a < width; a++) {
      gradient[a] = (gradient[a] as number) + l2 * rows.length * (beta[a] as number);
      const line = hessian[a] as number[];
      line[a] = (line[a] as number) + l2 * rows.length;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((value, k) => value - (step[k] as number));
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  const loss =
    rows.reduce((sum, row, i) => {
      const p = sigmoid(row.reduce((total, x, k) => total + x * (beta[k] as number), 0));
      return sum - Math.log(Math.max(labels[i] ? p : 1 - p, 1e-300));
    }, 0) / Math.max(rows.length, 1);
  return { bias: beta[0] as number, weights: beta.slice(1), iterations: iterations + 1, loss };
}
