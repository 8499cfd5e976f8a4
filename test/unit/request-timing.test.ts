/** A request's stages are wall time: the same stage run several times at once counts once. */
import { timeRequest, timeStage } from '../../server/lib/request-timing';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('counts a stage run several times at once (an audit row per patient listed) by its wall time, not the sum', async () => {
  const durations: number[] = [];
  const audit = () =>
    timeStage('audit', async () => {
      const started = performance.now();
      await wait(50);
      durations.push(performance.now() - started);
    });
  const { timing, done } = timeRequest(() => Promise.all([audit(), audit(), audit(), audit()]));
  await done;
  const sum = durations.reduce((total, ms) => total + ms, 0);
  expect(timing.stagesMs.audit).toBeGreaterThanOrEqual(Math.max(...durations));
  // Summed, the four would read at least `sum` (four times one of them).
  expect(timing.stagesMs.audit).toBeLessThan(sum);
});

it('adds the spans of a stage run one after another', async () => {
  const { timing, done } = timeRequest(async () => {
    await timeStage('session', () => wait(20));
    await wait(20);
    await timeStage('session', () => wait(20));
  });
  await done;
  expect(timing.stagesMs.session).toBeGreaterThanOrEqual(36);
});
