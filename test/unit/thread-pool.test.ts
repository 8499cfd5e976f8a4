import { ThreadDied, ThreadPool, ThreadPoolClosed, ThreadTimeout } from '../../server/services/thread-pool';

type Chore = { kind: 'echo'; value: string; steps: number } | { kind: 'wait'; ms: number } | { kind: 'exit' } | { kind: 'hoard' };
type Answer = { value: string; threadId: number };

const script = new URL('../support/chores-thread.mjs', import.meta.url);
const poolOf = (size: number, timeoutMs = 10_000) => new ThreadPool<Chore, number, Answer>({ script, size, timeoutMs, heapMb: 64 });

describe('the thread pool', () => {
  it('runs jobs in at most `size` threads, kept for the next jobs, with each job hearing its own progress', async () => {
    const pool = poolOf(2);
    try {
      const heard: number[][] = [[], [], []];
      const answers = await Promise.all(['a', 'b', 'c'].map((value, index) => pool.run({ kind: 'echo', value, steps: index + 1 }, { onProgress: (step) => heard[index]!.push(step) })));
      expect(answers.map((answer) => answer.value)).toEqual(['a', 'b', 'c']);
      expect(heard).toEqual([[1], [1, 2], [1, 2, 3]]);
      expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(2);
      expect(pool.threads).toBe(2);
      const again = await pool.run({ kind: 'echo', value: 'd', steps: 0 });
      expect(answers.map((answer) => answer.threadId)).toContain(again.threadId);
    } finally {
      await pool.close();
    }
  });

  it('queues jobs in order while every thread is busy', async () => {
    const pool = poolOf(1);
    try {
      const finished: string[] = [];
      const first = pool.run({ kind: 'wait', ms: 200 }).then(() => finished.push('first'));
      const second = pool.run({ kind: 'echo', value: 'second', steps: 0 }).then(() => finished.push('second'));
      expect(pool.queued).toBe(1);
      await Promise.all([first, second]);
      expect(finished).toEqual(['first', 'second']);
    } finally {
      await pool.close();
    }
  });

  it('fails a job over its time limit, and the next job gets a new thread', async () => {
    const pool = poolOf(1, 300);
    try {
      await expect(pool.run({ kind: 'wait', ms: 5_000 })).rejects.toBeInstanceOf(ThreadTimeout);
      await expect(pool.run({ kind: 'echo', value: 'after', steps: 0 })).resolves.toMatchObject({ value: 'after' });
    } finally {
      await pool.close();
    }
  });

  it('fails the job of a thread that exits or runs out of heap, and keeps serving', async () => {
    const pool = poolOf(1);
    try {
      await expect(pool.run({ kind: 'exit' })).rejects.toBeInstanceOf(ThreadDied);
      await expect(pool.run({ kind: 'hoard' })).rejects.toBeInstanceOf(ThreadDied);
      await expect(pool.run({ kind: 'echo', value: 'still here', steps: 0 })).resolves.toMatchObject({ value: 'still here' });
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('once closed, fails running, waiting and new jobs with ThreadPoolClosed', async () => {
    const pool = poolOf(1);
    const running = expect(pool.run({ kind: 'wait', ms: 5_000 })).rejects.toBeInstanceOf(ThreadPoolClosed);
    const waiting = expect(pool.run({ kind: 'echo', value: 'never', steps: 0 })).rejects.toBeInstanceOf(ThreadPoolClosed);
    await pool.close();
    await Promise.all([running, waiting]);
    await expect(pool.run({ kind: 'echo', value: 'late', steps: 0 })).rejects.toBeInstanceOf(ThreadPoolClosed);
    expect(pool.threads).toBe(0);
  });
});
