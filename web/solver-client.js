// Runs the solver worker: one job at a time; stop() terminates the worker at once (a new
// one starts with the next job).
export class SolverClient {
  constructor(workerUrl) {
    this.url = workerUrl || new URL('./worker.js', import.meta.url);
    this.worker = null;
    this.job = null;
    this.nextId = 1;
  }

  ensure() {
    if (!this.worker) {
      this.worker = new Worker(this.url, { type: 'module' });
      this.worker.onmessage = (ev) => this.receive(ev.data);
      this.worker.onerror = (ev) => {
        ev.preventDefault();
        this.fail({ kind: 'internal', message: `solver failed: ${ev.message || 'worker error'}` });
      };
    }
    return this.worker;
  }

  receive(m) {
    const job = this.job;
    if (!job || m.id !== job.id) return;
    if (m.type === 'progress') job.onProgress && job.onProgress(m);
    else if (m.type === 'goal') job.onGoal && job.onGoal(m);
    else if (m.type === 'answer') { job.answers.push(m); job.onAnswer && job.onAnswer(m); }
    else if (m.type === 'proof') job.onProof && job.onProof(m);
    else if (m.type === 'done') { this.job = null; job.resolve(job.answers); }
    else if (m.type === 'error') this.fail(m.error);
  }

  fail(error) {
    const job = this.job;
    this.job = null;
    if (this.worker) { this.worker.terminate(); this.worker = null; }
    if (job) job.reject(Object.assign(new Error(error.message), { kind: error.kind }));
  }

  /** Runs `msg` ({type, sgf, ...}); resolves with the answers. */
  run(msg, handlers) {
    if (this.job) this.stop();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.job = { id, resolve, reject, answers: [], ...(handlers || {}) };
      this.ensure().postMessage({ id, ...msg });
    });
  }

  get busy() {
    return this.job !== null;
  }

  /** Stops the running job: the worker is terminated; the job's promise rejects with kind 'stopped'. */
  stop() {
    const job = this.job;
    this.job = null;
    if (this.worker) { this.worker.terminate(); this.worker = null; }
    if (job) job.reject(Object.assign(new Error('stopped'), { kind: 'stopped' }));
  }
}
