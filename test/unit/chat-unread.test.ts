/** Issue 38: the chat's unread badge counts lines that arrived while the chat was closed, never old history. */
import type { ChatMessage } from '../../common/socket-events';
import { newestFromOthers, unreadCount } from '../../web/scenes/video-call/unread';

const line = (id: string, sender: ChatMessage['sender'], createdAt: string): ChatMessage => ({ id, consultationId: 'c', sender, senderName: sender, text: id, createdAt });

const history = [line('h1', 'doctor', '2026-11-28T09:00:00.000Z'), line('h2', 'patient', '2026-11-28T09:01:00.000Z'), line('h3', 'doctor', '2026-11-28T09:02:00.000Z')];

test('the history a call opens with counts as seen', () => {
  const seen = newestFromOthers(history, 'patient');
  expect(seen).toBe('2026-11-28T09:02:00.000Z');
  expect(unreadCount(history, 'patient', seen)).toBe(0);
});

test('lines from the other side after the seen one count; the user’s own never do', () => {
  const seen = newestFromOthers(history, 'patient');
  const later = [...history, line('n1', 'doctor', '2026-11-28T09:05:00.000Z'), line('n2', 'patient', '2026-11-28T09:05:30.000Z'), line('n3', 'doctor', '2026-11-28T09:06:00.000Z')];
  expect(unreadCount(later, 'patient', seen)).toBe(2);
});

test('earlier history paged in above is older than what was seen, so it is not counted', () => {
  const seen = newestFromOthers(history, 'patient');
  const earlier = [line('e1', 'doctor', '2026-11-28T08:00:00.000Z'), line('e2', 'doctor', '2026-11-28T08:30:00.000Z'), ...history];
  expect(unreadCount(earlier, 'patient', seen)).toBe(0);
});

test('with no line from the other side seen yet, every line of theirs counts', () => {
  expect(newestFromOthers([line('m', 'patient', '2026-11-28T09:00:00.000Z')], 'patient')).toBeNull();
  expect(unreadCount(history, 'patient', null)).toBe(2);
});

test("in a call with guests, another guest's lines count for a guest, and their own never do", () => {
  const guestLine = (id: string, guestId: string, createdAt: string): ChatMessage => ({ ...line(id, 'guest', createdAt), guestId });
  const lines = [...history, guestLine('g1', 'ana', '2026-11-28T09:05:00.000Z'), guestLine('g2', 'ben', '2026-11-28T09:06:00.000Z')];
  expect(newestFromOthers(lines, 'guest:ana')).toBe('2026-11-28T09:06:00.000Z');
  expect(unreadCount(lines, 'guest:ana', '2026-11-28T09:02:00.000Z')).toBe(1);
  expect(unreadCount(lines, 'patient', '2026-11-28T09:02:00.000Z')).toBe(2);
});
