import { useEffect, useRef } from 'react';
import { useLockForms, useUnlockForms } from '../api.ts';

/**
 * Editing blocks the forms for the other roles (formBlocked): the lock is taken on the first change
 * and released after saving (`release`) or on leaving the page.
 */
export function useFormsEditLock(isDirty: boolean, isEditable: boolean): { release: () => void } {
  const lock = useLockForms();
  const unlock = useUnlockForms();
  const hasLock = useRef(false);

  // The mutation objects change identity on every state change, so the effects read their latest
  // `mutate` through a ref and depend only on primitives: listing `unlock` made its cleanup fire on
  // every render after the first unlock (a DELETE /forms/lock storm), and under StrictMode a render loop.
  const lockRef = useRef(lock.mutate);
  const unlockRef = useRef(unlock.mutate);
  lockRef.current = lock.mutate;
  unlockRef.current = unlock.mutate;
  useEffect(() => {
    if (isDirty && isEditable && !hasLock.current) {
      hasLock.current = true;
      lockRef.current({});
    }
  }, [isDirty, isEditable]);
  useEffect(
    () => () => {
      if (hasLock.current) {
        hasLock.current = false;
        unlockRef.current({});
      }
    },
    [],
  );

  const release = () => {
    if (hasLock.current) {
      hasLock.current = false;
      unlock.mutate({});
    }
  };
  return { release };
}
