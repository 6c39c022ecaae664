import { screen, within } from '@testing-library/react';
import { renderFrame } from '../testing/render-frame';

describe('landing, control variant (docs/web.md#routes: hero, three example uses, "Try it free")', () => {
  it('has the hero heading and "Try it free" leading to the chat', async () => {
    renderFrame({ path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Better dates start with better words' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try it free' }).getAttribute('href')).toBe('/chat');
  });

  it('shows three example uses, each with a question and an answer', async () => {
    renderFrame({ path: '/' });
    const examples = within(
      (await screen.findByRole('heading', { level: 2, name: 'What people ask Wingmate' })).closest(
        'section',
      )!,
    );
    expect(examples.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Write an opener',
      'Review my bio',
      'Rate my photos',
    ]);
    expect(examples.getAllByText('Wingmate:')).toHaveLength(3);
  });
});

describe('terms and privacy (docs/web.md#routes: what is kept, for how long, who processes it)', () => {
  it('the terms say who may use the product and how plans end, with the support address', async () => {
    renderFrame({ path: '/terms', config: { supportEmail: 'help@wingmate.example' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Who can use Wingmate' })).toBeTruthy();
    expect(screen.getByText(/You must be 18 or older/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Free messages, plans and payments' })).toBeTruthy();
    expect(
      within(screen.getByRole('article')).getByRole('link', { name: 'help@wingmate.example' }),
    ).toBeTruthy();
  });

  it('the privacy notice covers each kind of data, its processors, and export and delete', async () => {
    renderFrame({ path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    const kept = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(kept).toEqual([
      'Your account',
      'Your chats and coaching',
      'People you tell us about (matches)',
      'How you text, and which suggestions worked',
      'Your photos',
      'Payments',
      'How you found us (attribution)',
      'Cookies and your device',
    ]);
    for (const processor of [
      'Payment provider',
      'SMS provider',
      'E-mail provider',
      'AI provider',
      'Analytics',
    ]) {
      expect(screen.getByText(processor)).toBeTruthy();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights: export and delete' })).toBeTruthy();
  });
});

describe('not found', () => {
  it('names the unknown address and links home', async () => {
    renderFrame({ path: '/pricing-old' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/pricing-old')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
