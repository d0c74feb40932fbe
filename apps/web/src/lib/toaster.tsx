import 'react-toastify/ReactToastify.css';
import { ToastContainer, toast } from 'react-toastify/unstyled';

export { toast };

/** Spec §9: toasts appear top-right and close after 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export function Toaster() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
