import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { HoldToConfirm } from './hold-to-confirm';

describe('HoldToConfirm (issue 27 §1: a deliberate start)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const onConfirm = vi.fn();
    renderWithProviders(<HoldToConfirm label="Hold to start" hint="Hold for 2 seconds" onConfirm={onConfirm} />);
    return { onConfirm, button: screen.getByRole('button', { name: 'Hold to start' }) };
  };
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('a press held for 2 seconds confirms once; a click or a shorter press confirms nothing', async () => {
    const { onConfirm, button } = setup();
    expect(button).toHaveAccessibleDescription('Hold for 2 seconds');
    fireEvent.click(button);
    fireEvent.pointerDown(button);
    await wait(1500);
    fireEvent.pointerUp(button);
    await wait(3000);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.pointerDown(button);
    await wait(1900);
    expect(onConfirm).not.toHaveBeenCalled();
    await wait(200);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await wait(3000);
    fireEvent.pointerUp(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Space or Enter held for 2 seconds confirms; let go early, nothing', async () => {
    const { onConfirm, button } = setup();
    fireEvent.keyDown(button, { key: ' ' });
    await wait(1000);
    fireEvent.keyUp(button, { key: ' ' });
    await wait(2000);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.keyDown(button, { key: 'Enter' });
    // the key's auto-repeat does not restart the hold
    await wait(1000);
    fireEvent.keyDown(button, { key: 'Enter', repeat: true });
    await wait(1100);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('leaving the button ends the hold', async () => {
    const { onConfirm, button } = setup();
    fireEvent.pointerDown(button);
    await wait(1000);
    fireEvent.pointerLeave(button);
    await wait(2000);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
