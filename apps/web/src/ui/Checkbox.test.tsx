import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  const name = 'I am 18 or older and accept the terms';

  it('toggles with Space and by clicking its label', async () => {
    const onCheckedChange = jest.fn();
    render(<Checkbox label={name} onCheckedChange={onCheckedChange} />);
    const checkbox = screen.getByRole('checkbox', { name });
    await userEvent.tab();
    expect(document.activeElement).toBe(checkbox);
    await userEvent.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByText(name));
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('is marked invalid and described by its error', () => {
    render(<Checkbox label={name} error="Please confirm to continue" />);
    const checkbox = screen.getByRole('checkbox', { name });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(checkbox.getAttribute('aria-describedby')).toBe(screen.getByText('Please confirm to continue').id);
  });
});
