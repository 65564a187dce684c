import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from './background-tasks.js';

describe('background tasks', () => {
  it('runs after the caller has moved on, logs failures and drains what is in flight', async () => {
    const log = { error: vi.fn() };
    const tasks = createBackgroundTasks(log);
    const done: string[] = [];
    tasks.run('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done.push('slow');
    });
    tasks.run('broken', async () => {
      throw new Error('boom');
    });
    done.push('caller');
    await tasks.drain();
    expect(done).toEqual(['caller', 'slow']);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ task: 'broken' }), 'background task failed');
    await expect(tasks.drain()).resolves.toBeUndefined();
  });
});
