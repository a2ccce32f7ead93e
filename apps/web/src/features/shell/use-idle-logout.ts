import { CONSTANTS } from '@sv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionKey } from '../../lib/session';

/**
 * The tabs of one browser share the one server session, so they share activity (audit 000 U15: an
 * idle second tab logged out a person working in the first). Each tab tells the others, at most
 * once per ACTIVITY_SHARE_MS, when it was last used; nothing is stored (no localStorage: security
 * guide), and the message is only a time.
 */
export const ACTIVITY_CHANNEL = 'sv-activity';
const ACTIVITY_SHARE_MS = 30_000;

/** What counts as activity (spec 000 §4: mouse, key, touch, scroll). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export interface IdleLogoutOptions {
  /** called once when the countdown ends */
  onTimeout: () => void;
  idleLimitMs?: number;
  countdownSeconds?: number;
  keepAliveMs?: number;
}

/**
 * Idle flow of the desk shell (spec 000 §4, §9): after `idleLimitMs` (12 h) without mouse, key,
 * touch or scroll activity a warning counts down `countdownSeconds` (30 s), then `onTimeout`
 * logs the user out; any activity dismisses the warning. While the page is open the session is
 * re-read every `keepAliveMs` (10 min) as the keep-alive; an answer of "signed out" sends the
 * user to sign in through the route guard.
 *
 * Only `Date.now()`, `setTimeout` and `setInterval` measure time, so a fake clock
 * (Playwright's page.clock) can drive it.
 *
 * Returns `secondsLeft` (null while no warning shows) and `stayActive` to dismiss the warning.
 */
export function useIdleLogout({
  onTimeout,
  idleLimitMs = CONSTANTS.idleLimitMs,
  countdownSeconds = CONSTANTS.idleCountdownSeconds,
  keepAliveMs = CONSTANTS.keepAliveMs,
}: IdleLogoutOptions) {
  const qc = useQueryClient();
  const lastActivity = useRef(Date.now());
  const [warningSince, setWarningSince] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const timedOut = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  onTimeoutRef.current = onTimeout;

  const stayActive = useCallback(() => {
    lastActivity.current = Date.now();
    setWarningSince(null);
  }, []);

  // Activity: remember when it happened (cheap, no render) and dismiss a showing warning.
  useEffect(() => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(ACTIVITY_CHANNEL) : null;
    let lastShared = 0;
    const share = () => {
      const now = Date.now();
      if (!channel || now - lastShared < Math.min(ACTIVITY_SHARE_MS, idleLimitMs / 4)) return;
      lastShared = now;
      channel.postMessage({ at: now });
    };
    // another tab was used: as if this one had been (its time, never later than now)
    const onOtherTab = (e: MessageEvent) => {
      const at = typeof e.data?.at === 'number' ? Math.min(e.data.at, Date.now()) : null;
      if (timedOut.current || at === null || at <= lastActivity.current) return;
      lastActivity.current = at;
      setWarningSince((w) => (w === null ? w : null));
    };
    channel?.addEventListener('message', onOtherTab);
    let lastPointer = '';
    const onActivity = (e: Event) => {
      if (timedOut.current) return;
      // Browsers send synthetic mousemoves when the page changes under a still pointer: not activity.
      if (e.type === 'mousemove') {
        const { screenX, screenY } = e as MouseEvent;
        const at = `${screenX},${screenY}`;
        if (at === lastPointer) return;
        lastPointer = at;
      }
      lastActivity.current = Date.now();
      setWarningSince((w) => (w === null ? w : null));
      share();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      channel?.removeEventListener('message', onOtherTab);
      channel?.close();
    };
  }, [idleLimitMs]);

  // Idle watch: wake when the limit could be reached; if there was activity meanwhile, sleep again.
  useEffect(() => {
    if (warningSince !== null) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const idleFor = Date.now() - lastActivity.current;
      if (idleFor >= idleLimitMs) setWarningSince(Date.now());
      else timer = setTimeout(check, idleLimitMs - idleFor);
    };
    timer = setTimeout(check, Math.max(0, idleLimitMs - (Date.now() - lastActivity.current)));
    return () => clearTimeout(timer);
  }, [warningSince, idleLimitMs]);

  // Countdown: tick every second from the moment the warning appeared; log out at zero.
  useEffect(() => {
    if (warningSince === null) {
      setSecondsLeft(null);
      return;
    }
    const deadline = warningSince + countdownSeconds * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0 && !timedOut.current) {
        timedOut.current = true;
        clearInterval(interval);
        onTimeoutRef.current();
      }
    };
    const interval = setInterval(tick, 1000);
    tick();
    return () => clearInterval(interval);
  }, [warningSince, countdownSeconds]);

  // Keep-alive (spec 000 §4): re-read the session every 10 minutes while the page is open.
  useEffect(() => {
    const interval = setInterval(() => {
      void qc.refetchQueries({ queryKey: sessionKey, exact: true });
    }, keepAliveMs);
    return () => clearInterval(interval);
  }, [qc, keepAliveMs]);

  return { secondsLeft, stayActive };
}
