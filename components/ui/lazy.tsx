"use client";
import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A component whose code is fetched the first time it renders: for what a page does not show when
 * it opens (an editor opened by a button), so that the page's first load does without it. Nothing
 * shows while the code arrives.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}

/**
 * A dialog, drawer or menu whose code is fetched the first time it opens: closed, it renders
 * nothing (as MUI's own do), so the page needs none of it until then. Once opened it stays
 * mounted, so that its closing transition runs.
 */
export function lazyWhenOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazyComponent(load);
  function LazyWhenOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    // state from the props of this render (React's "storing information from previous renders")
    if (props.open && !opened) setOpened(true);
    return opened ? <Lazy {...props} /> : null;
  }
  return LazyWhenOpen;
}
