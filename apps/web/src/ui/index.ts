// The design system's catalogue. Pages may import from here: vite.config.ts marks src/ui as free of side effects,
// so a page that imports `Button` gets Button only, never the dialog or toast code also listed here. Code that loads
// with every page (src/frame) imports from the component files to keep that plain.
export { Badge, type BadgeTone } from './Badge';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Card } from './Card';
export { IconButton, type IconButtonProps, type IconButtonSize, type IconButtonTone } from './IconButton';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { cn } from './cn';
export { Dialog, DialogClose, DialogContent, DialogTrigger, type DialogContentProps } from './Dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './DropdownMenu';
export { Field, type FieldProps } from './Field';
export { Sheet, SheetClose, SheetContent, SheetTrigger, type SheetContentProps } from './Sheet';
export { Spinner, type SpinnerProps } from './Spinner';
export { Toaster } from './Toaster';
export {
  createToastStore,
  toastStore,
  useToast,
  type ToastMessage,
  type ToastStore,
  type ToastTone,
} from './toast-store';
export { VisuallyHidden } from './VisuallyHidden';
