import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
}

/** The classes of a button's look, for the rare element that is neither <Button> nor <ButtonLink>. */
export function buttonClass({
  variant = 'secondary',
  size = 'medium',
  block = false,
}: ButtonLook = {}): string {
  return [
    'button',
    `button-${variant}`,
    size === 'medium' ? '' : `button-${size}`,
    block ? 'button-block' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { children: ReactNode };

/** A button at least 44 px tall; type="button" unless told (a form's submit says so). */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass({ variant, size, block })}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}

/** A link that looks like a button: for actions that go to another page. */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLook & LinkProps) {
  return (
    <Link
      className={`${buttonClass({ variant, size, block })}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}

type IconButtonProps = Omit<ButtonProps, 'children' | 'block' | 'size' | 'aria-label'> & {
  /** What the button does, for screen readers: may name what it acts on ("Remove photo: Photo by Anna"). */
  label: string;
  /** The short words shown on hover; `label` when not given. */
  title?: string;
  /** Drawn alone (hidden from screen readers): one of `./icons`. */
  icon: ReactNode;
};

/**
 * A button drawn as an icon alone, a 44 px square: where words would not fit a row (a photo tile on a phone).
 * `label` is its name for screen readers; `title` shows on hover.
 */
export function IconButton({ label, title, icon, variant = 'ghost', className, ...rest }: IconButtonProps) {
  return (
    <Button
      variant={variant}
      className={`button-icon${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={title ?? label}
      {...rest}
    >
      {icon}
    </Button>
  );
}
