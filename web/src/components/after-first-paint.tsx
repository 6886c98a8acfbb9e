import { Suspense, type ReactNode } from "react";

import { useAfterFirstPaint } from "@/hooks/use-after-first-paint";

/**
 * `children` (code loaded on demand) once the first render has been painted, and `placeholder`
 * until then and while they load: they neither hold up the first paint nor compete with it.
 */
export function AfterFirstPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const painted = useAfterFirstPaint();
  return painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
