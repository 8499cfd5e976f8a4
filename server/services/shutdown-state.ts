/** Whether this process has begun to shut down: from then on the readiness probe asks for no new work. */
export class ShutdownState {
  private began = false;

  begin(): void {
    this.began = true;
  }

  get draining(): boolean {
    return this.began;
  }
}
