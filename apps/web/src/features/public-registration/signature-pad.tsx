import { Button, Group, Input } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface Props {
  label: string;
  clearLabel: string;
  error?: string;
  /** a PNG data URL of the drawing, or null when empty */
  onChange(value: string | null): void;
}

const HEIGHT = 160;

/**
 * A small drawn-signature pad (issue 11): pointer events (finger, pen or mouse) on a canvas sized
 * to its box at the device's pixel ratio; every stroke's end produces a PNG data URL. touch-action
 * none keeps a finger stroke from scrolling the page.
 */
export function SignaturePad({ label, clearLabel, error, onChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(c.clientWidth * ratio);
    c.height = Math.round(HEIGHT * ratio);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a1b1e';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  function clear() {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.restore();
    drawn.current = false;
    onChange(null);
  }

  return (
    <Input.Wrapper label={label} error={error} withAsterisk>
      <canvas
        ref={canvas}
        aria-label={label}
        role="img"
        style={{
          display: 'block',
          width: '100%',
          height: HEIGHT,
          touchAction: 'none',
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 8,
          background: '#fff',
          cursor: 'crosshair',
        }}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const p = point(e);
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
          ctx.lineTo(p.x + 0.1, p.y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          const p = point(e);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
          drawn.current = true;
        }}
        onPointerUp={(e) => {
          if (!drawing.current) return;
          drawing.current = false;
          drawn.current = true;
          onChange(e.currentTarget.toDataURL('image/png'));
        }}
      />
      <Group justify="flex-end" mt={6}>
        <Button variant="subtle" size="compact-sm" onClick={clear}>
          {clearLabel}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
