const started = performance.now();

/** Progress goes to stderr so that stdout carries only the final table. */
export function progress(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds} s] ${message}\n`);
}

export function elapsedSeconds(): number {
  return (performance.now() - started) / 1000;
}
