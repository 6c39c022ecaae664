import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { X } from 'lucide-react';
import { createRef } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './DropdownMenu';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is a button named by its label, not a submit button, and runs its action', async () => {
    const onClick = jest.fn<void, [string]>();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <IconButton label="Close search" onClick={() => onClick('clicked')}>
          <X aria-hidden="true" />
        </IconButton>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(onClick.mock.calls).toEqual([['clicked']]);
  });

  it('is not clickable while disabled, and keeps its size and tone with classes of its own', async () => {
    const onClick = jest.fn();
    render(
      <IconButton label="Attach photo" size="md" tone="outline" className="mt-1" disabled onClick={onClick}>
        <X aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Attach photo' });
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.className.split(' ')).toEqual(expect.arrayContaining(['size-9', 'border', 'mt-1']));
  });

  it('takes a ref and serves as a menu trigger', async () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton ref={ref} label="Chat menu">
            <X aria-hidden="true" />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Search</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Chat menu' }));
    await userEvent.click(ref.current!);
    expect(await screen.findByRole('menuitem', { name: 'Search' })).toBeTruthy();
  });
});
