import './ui.css';

/** A decorative spinner; the busy state itself is announced by the surrounding control. */
export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />;
}
