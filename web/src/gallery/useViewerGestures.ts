import { useEffect, useRef, useState, type PointerEvent } from 'react';

/** A horizontal drag at least this long (CSS pixels), and mostly sideways, moves to the next or previous photo. */
export const SWIPE_MIN_PX = 50;
export const MAX_ZOOM = 4;
const DOUBLE_TAP_ZOOM = 2.5;

export type SwipeDirection = 'next' | 'previous';

interface View {
  scale: number;
  x: number;
  y: number;
  /** True while a finger moves it: no transition then, the photo follows the finger. */
  moving: boolean;
}

interface Gesture {
  startX: number;
  startY: number;
  /** The distance between two fingers when a pinch began; 0 for one finger. */
  startDistance: number;
  startScale: number;
  baseX: number;
  baseY: number;
  /** A pinch happened during this touch: lifting the fingers never swipes. */
  pinched: boolean;
}

const AT_REST: View = { scale: 1, x: 0, y: 0, moving: false };

interface Point {
  x: number;
  y: number;
}

function centre(points: Point[]): Point {
  const sum = points.reduce((total, point) => ({ x: total.x + point.x, y: total.y + point.y }), {
    x: 0,
    y: 0,
  });
  return { x: sum.x / points.length, y: sum.y / points.length };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** What a horizontal drag of `dx` by `dy` means: a swipe to a neighbour, or nothing. */
export function swipeOf(dx: number, dy: number): SwipeDirection | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.2) return null;
  return dx < 0 ? 'next' : 'previous';
}

/**
 * Touch gestures for the viewer's photo, on pointer events (mouse, pen and touch alike): a sideways swipe moves
 * to the neighbouring photo (the photo follows the finger meanwhile), two fingers pinch-zoom up to MAX_ZOOM, one
 * finger pans a zoomed photo, a double tap or double click zooms in or back out. The view resets when `photoKey`
 * changes.
 */
export function useViewerGestures(photoKey: string, onSwipe: (direction: SwipeDirection) => void) {
  const [view, setView] = useState<View>(AT_REST);
  const viewRef = useRef(view);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const onSwipeRef = useRef(onSwipe);
  useEffect(() => {
    onSwipeRef.current = onSwipe;
  });

  const show = (next: View) => {
    viewRef.current = next;
    setView(next);
  };

  useEffect(() => {
    pointers.current.clear();
    gesture.current = null;
    viewRef.current = AT_REST;
    setView(AT_REST);
  }, [photoKey]);

  /** (Re)starts the gesture from the fingers down now and the view as it is. */
  const begin = (pinched: boolean) => {
    const points = [...pointers.current.values()];
    const middle = centre(points);
    const current = viewRef.current;
    gesture.current = {
      startX: middle.x,
      startY: middle.y,
      startDistance: points.length > 1 ? distance(points[0], points[1]) : 0,
      startScale: current.scale,
      baseX: current.x,
      baseY: current.y,
      pinched: pinched || points.length > 1,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    begin(gesture.current?.pinched ?? false);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    const points = [...pointers.current.values()];
    const middle = centre(points);
    const dx = middle.x - g.startX;
    const dy = middle.y - g.startY;
    if (points.length > 1 && g.startDistance > 0) {
      const scale = Math.min(
        MAX_ZOOM,
        Math.max(1, (g.startScale * distance(points[0], points[1])) / g.startDistance),
      );
      show({ scale, x: g.baseX + dx, y: g.baseY + dy, moving: true });
    } else if (viewRef.current.scale > 1) {
      show({ ...viewRef.current, x: g.baseX + dx, y: g.baseY + dy, moving: true });
    } else if (!g.pinched) {
      // Only sideways: the photo slides with the finger towards its neighbour.
      show({ scale: 1, x: dx, y: 0, moving: true });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const g = gesture.current;
    if (pointers.current.size > 0) {
      begin(true);
      return;
    }
    gesture.current = null;
    const current = viewRef.current;
    if (current.scale <= 1.05) {
      const direction = g && !g.pinched ? swipeOf(event.clientX - g.startX, event.clientY - g.startY) : null;
      show(AT_REST);
      if (direction) onSwipeRef.current(direction);
    } else {
      show({ ...current, moving: false });
    }
  };

  const onDoubleClick = () => {
    show(viewRef.current.scale > 1 ? AT_REST : { scale: DOUBLE_TAP_ZOOM, x: 0, y: 0, moving: false });
  };

  return {
    zoomed: view.scale > 1,
    stageProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onDoubleClick,
    },
    photoStyle: {
      transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})`,
      transition: view.moving ? 'none' : 'transform 0.2s ease-out',
    },
  };
}
