import { CONSTANTS } from '@sv/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show: (data: unknown) => show(data) } }));

const { notify } = await import('./notify');

// issue 24 §2: one notify with the spec's durations (000 §9, 001 §9, 002 §9) and a named close button
describe('notify', () => {
  beforeEach(() => show.mockReset());

  it('shows a success for 4 s in green with an accessible close button', () => {
    notify.success('Saved');
    expect(show).toHaveBeenCalledWith({
      color: 'green',
      message: 'Saved',
      title: undefined,
      autoClose: CONSTANTS.alertSuccessMs,
      closeButtonProps: { 'aria-label': 'Close' },
    });
    expect(CONSTANTS.alertSuccessMs).toBe(4000);
  });

  it('keeps a failure 8 s in red', () => {
    notify.error('Upload failed', { title: 'Emergency' });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Upload failed', title: 'Emergency', autoClose: 8000 }),
    );
  });

  it('shows warnings and information for the notification time (4 s)', () => {
    notify.warning('Queued');
    notify.info('On file');
    expect(show.mock.calls.map(([d]) => [d.color, d.autoClose])).toEqual([
      ['orange', CONSTANTS.notificationMs],
      ['blue', CONSTANTS.notificationMs],
    ]);
  });

  it('holds a long text 10 s and an incomplete alert until it is closed', () => {
    notify.info('A long text', { hold: 'long' });
    notify.warning('Not everyone was reached', { hold: 'untilClosed' });
    expect(show.mock.calls.map(([d]) => d.autoClose)).toEqual([10_000, false]);
  });
});
