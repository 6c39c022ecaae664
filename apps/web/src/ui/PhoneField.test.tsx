import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { formatUsPhoneAsTyped, nextPhoneValue } from './phone-format';
import { PhoneField } from './PhoneField';
import { loadPhoneFormat } from './usePhoneFormat';

const onChange = jest.fn();

function Harness() {
  const [value, setValue] = useState('');
  return <PhoneField label="Phone number" value={value} onValueChange={setValue} />;
}

describe('PhoneField: US numbers formatted as typed (libphonenumber AsYouType)', () => {
  it.each([
    ['201', '(201)'],
    ['2015', '(201) 5'],
    ['2015550123', '(201) 555-0123'],
    ['+1 201 555 0123', '(201) 555-0123'],
    ['12015550123', '(201) 555-0123'],
    ['201555012345', '(201) 555-0123'],
    ['', ''],
  ])('%s reads %s', (typed, shown) => {
    expect(formatUsPhoneAsTyped(typed)).toBe(shown);
  });

  it('deleting only a formatting character removes a digit, so the edit is not undone at once', () => {
    expect(nextPhoneValue('(201) 5', '(201 5')).toBe('(201)');
    expect(nextPhoneValue('(201) 555-0', '(201) 555-')).toBe('(201) 555');
    expect(nextPhoneValue('(201) 5', '(201) ')).toBe('(201)');
    expect(nextPhoneValue('(201)', '(201')).toBe('20');
  });

  it('formats while the person types, as a tel input named by its label', async () => {
    await loadPhoneFormat();
    render(<Harness />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone number' });
    await userEvent.type(field, '2015550123');
    expect(field.value).toBe('(201) 555-0123');
    expect(field.type).toBe('tel');
    await userEvent.type(field, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(field.value).toBe('(201) 555');
  });

  it('formats what was typed before the formatter arrived, once it does', async () => {
    const { rerender } = render(
      <PhoneField label="Phone number" value="2015550123" onValueChange={onChange} />,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('(201) 555-0123'));
    rerender(<PhoneField label="Phone number" value="(201) 555-0123" onValueChange={onChange} />);
  });
});
