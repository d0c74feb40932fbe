import 'react-toastify/ReactToastify.css';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { FailureDetails } from '../components/ui/failure-details.tsx';
import type { NotifyKind } from './notify.ts';

/** Spec §9: toasts appear top-right and close after 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export function showToast(message: string, kind: NotifyKind, details: string | null): void {
  toast(
    details ? (
      <div>
        <div>{message}</div>
        <FailureDetails details={details} />
      </div>
    ) : (
      message
    ),
    { type: kind },
  );
}

export function Toaster() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
