import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from './Field';

describe('Field', () => {
  it('names the input by its label, and the label focuses it', async () => {
    render(<Field label="Email" type="email" />);
    await userEvent.click(screen.getByText('Email'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });

  it('describes the input by its hint, without marking it invalid', () => {
    render(<Field label="Password" hint="At least 8 characters" />);
    const input = screen.getByRole('textbox', { name: 'Password' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('At least 8 characters').id);
  });

  it('marks the input invalid and describes it by the error as well as the hint', () => {
    render(<Field label="Phone number" hint="US numbers only" error="This number is not valid" />);
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toEqual([
      screen.getByText('US numbers only').id,
      screen.getByText('This number is not valid').id,
    ]);
  });

  it('is a textarea when multiline, with the same wiring', async () => {
    render(<Field multiline label="Your bio" error="Too long" />);
    const textarea = screen.getByRole('textbox', { name: 'Your bio' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(textarea, 'Hiker{Enter}Cook');
    expect((textarea as HTMLTextAreaElement).value).toBe('Hiker\nCook');
  });
});
