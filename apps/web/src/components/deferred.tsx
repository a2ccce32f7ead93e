import { type ComponentType, useEffect, useState } from 'react';

type Loaded<P> = { component: ComponentType<P> } | { error: unknown };

/**
 * A component the first paint does not need, kept out of the route's initial JavaScript (issue 5
 * web targets): a dialog opened by a user action, or a part that shows data still being fetched.
 * Its code starts loading once the screen using it has rendered, so it is normally there before
 * it is needed; until then it renders nothing. Unlike React.lazy there is no Suspense boundary,
 * so showing it never waits on Suspense's reveal throttling (a timer, which a test's fake clock
 * holds back). A failed load goes to the route's error boundary, like a lazy screen's.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let result: Loaded<P> | undefined;
  let pending: Promise<Loaded<P>> | undefined;
  const start = () => {
    pending ??= load().then(
      (component) => {
        result = { component };
        return result;
      },
      (error: unknown) => {
        pending = undefined;
        return { error };
      },
    );
    return pending;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, at import time, like React.lazy
  return function Deferred(props: P) {
    const [loaded, setLoaded] = useState(result);
    useEffect(() => {
      if (!loaded) void start().then(setLoaded);
    }, [loaded]);
    if (!loaded) return null;
    if ('error' in loaded) throw loaded.error;
    const Component = loaded.component;
    return <Component {...props} />;
  };
}
