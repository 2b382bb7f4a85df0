/** Runs one job at a time in this process: a second asked for while one runs is refused rather than queued. */
export class SingleRun {
  private running = false;

  /** The job's result, or null when one was running already. */
  async run<T>(job: () => Promise<T>): Promise<T | null> {
    if (this.running) return null;
    this.running = true;
    try {
      return await job();
    } finally {
      this.running = false;
    }
  }
}
