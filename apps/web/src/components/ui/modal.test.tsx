import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

/** How often react-bootstrap's Modal itself was rendered. */
const bootstrapRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-bootstrap/Modal', async (importOriginal) => {
  const { default: BootstrapModal } = await importOriginal<typeof import('react-bootstrap/Modal')>();
  function CountedModal(props: ComponentProps<typeof BootstrapModal>) {
    bootstrapRenders.count++;
    return <BootstrapModal {...props} />;
  }
  return { default: Object.assign(CountedModal, BootstrapModal) };
});

function Dialog({ show }: { show: boolean }) {
  return (
    <Modal show={show} onHide={() => undefined} aria-labelledby="dialog-title">
      <Modal.Header>
        <Modal.Title id="dialog-title">Remove the card?</Modal.Title>
      </Modal.Header>
      <Modal.Body>It cannot be undone.</Modal.Body>
    </Modal>
  );
}

describe('the app’s dialog', () => {
  beforeEach(() => {
    bootstrapRenders.count = 0;
  });

  it('does not even render react-bootstrap’s closed modal until it is first shown', () => {
    const { rerender } = render(<Dialog show={false} />);
    rerender(<Dialog show={false} />);
    expect(bootstrapRenders.count).toBe(0);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('opens with its title and text, and closes again like react-bootstrap’s', async () => {
    const { rerender } = render(<Dialog show={false} />);
    rerender(<Dialog show />);
    expect(await screen.findByRole('dialog', { name: 'Remove the card?' })).toBeTruthy();
    expect(screen.getByText('It cannot be undone.')).toBeTruthy();
    const rendersWhileOpen = bootstrapRenders.count;
    rerender(<Dialog show={false} />);
    // Still react-bootstrap's once drawn, so closing fades it out as before.
    expect(bootstrapRenders.count).toBeGreaterThan(rendersWhileOpen);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
