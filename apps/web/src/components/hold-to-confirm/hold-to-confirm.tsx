import { Box, Button, type ButtonProps } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** How long the button is held to confirm (issue 27 §1: a deliberate start). */
export const HOLD_TO_CONFIRM_MS = 2000;

const isHoldKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';

/**
 * A button that acts only when held (issue 27 §1, ADR 0042): a press, Space or Enter kept down for
 * `holdMs` confirms; letting go earlier confirms nothing. The fill shows how far the hold has come,
 * and `hint` tells the person what to do (read by screen readers through aria-describedby).
 */
export function HoldToConfirm({
  label,
  hint,
  onConfirm,
  holdMs = HOLD_TO_CONFIRM_MS,
  disabled,
  color = 'red',
  size = 'lg',
}: {
  label: string;
  hint: string;
  onConfirm: () => void;
  holdMs?: number;
  disabled?: boolean;
  color?: ButtonProps['color'];
  size?: ButtonProps['size'];
}) {
  const [progress, setProgress] = useState(0);
  const started = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const confirm = useRef(onConfirm);
  confirm.current = onConfirm;

  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    started.current = null;
    setProgress(0);
  };
  const begin = () => {
    if (disabled || started.current !== null) return;
    started.current = Date.now();
    timer.current = setInterval(() => {
      if (started.current === null) return;
      const p = (Date.now() - started.current) / holdMs;
      if (p >= 1) {
        stop();
        confirm.current();
      } else setProgress(p);
    }, 50);
  };
  // a hold in progress ends with the component
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );
  const hintId = useRef(`hold-hint-${Math.random().toString(36).slice(2, 9)}`).current;

  return (
    <Box>
      <Button
        color={color}
        size={size}
        fullWidth
        disabled={disabled}
        aria-describedby={hintId}
        data-holding={progress > 0 || undefined}
        onPointerDown={(e) => {
          e.preventDefault();
          begin();
        }}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (!isHoldKey(e)) return;
          e.preventDefault();
          if (!e.repeat) begin();
        }}
        onKeyUp={(e) => {
          if (!isHoldKey(e)) return;
          e.preventDefault();
          stop();
        }}
        onBlur={stop}
        onClick={(e) => e.preventDefault()}
        style={{
          backgroundImage:
            progress > 0
              ? `linear-gradient(to right, rgba(0,0,0,0.35) ${Math.round(progress * 100)}%, transparent ${Math.round(progress * 100)}%)`
              : undefined,
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        {label}
      </Button>
      <Box id={hintId} fz="sm" c="dimmed" mt={4}>
        {hint}
      </Box>
    </Box>
  );
}
