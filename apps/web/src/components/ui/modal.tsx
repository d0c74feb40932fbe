import { useRef } from 'react';
import BootstrapModal, { type ModalProps } from 'react-bootstrap/Modal';

/**
 * react-bootstrap's Modal, drawn from the first time it is shown on. Closed, it still runs its
 * hooks (focus manager, transition, portal target) in every render, 0.5–0.9 ms each time; the
 * master layout holds two (the phone's search, the helper launch) and renders them again and again
 * while a page opens (decision 150). Once drawn it stays, so closing it fades it out as before.
 */
function ModalOnceShown(props: ModalProps) {
  const shown = useRef(false);
  if (props.show) shown.current = true;
  return shown.current ? <BootstrapModal {...props} /> : null;
}

/** The app's one dialog component (biome.json forbids importing react-bootstrap's directly). */
export const Modal = Object.assign(ModalOnceShown, {
  Header: BootstrapModal.Header,
  Title: BootstrapModal.Title,
  Body: BootstrapModal.Body,
  Footer: BootstrapModal.Footer,
});
