import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderFrame, servicesFor } from '../../testing/render-frame';
import { fakeClient, type FakeRoutes } from '../../testing/fake-client';
import { member } from '../../testing/account';
import { call } from '../../testing/screens';
import FeedbackDialogByDefault, { FeedbackDialog } from './FeedbackDialog';

/** A page with the account menu's part: a button that opens the dialog. */
function PageWithFeedback() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <h1>Somewhere</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open feedback
      </button>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

function renderWithDialog(routes: FakeRoutes, signedIn: boolean) {
  const fake = fakeClient({ [call('getAuthUser')]: { data: member }, ...routes }, { signedIn });
  const frame = renderFrame({
    path: '/chat?draft=1',
    services: servicesFor(fake.client),
    // The sign-in link's page stands in for the real one, so following it lands on a page rather than a 404.
    pages: [
      { path: 'chat', element: <PageWithFeedback /> },
      { path: 'login', element: <h1>Sign in</h1> },
    ],
  });
  return { ...frame, ...fake };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open feedback' }));
  return screen.findByRole('dialog', { name: 'Send feedback' });
}

describe('Send feedback (docs/web.md#the-frame: members; a visitor signs in first)', () => {
  it('is both the named and the default export (the header loads it with React.lazy)', () => {
    expect(FeedbackDialogByDefault).toBe(FeedbackDialog);
  });

  it('asks a visitor to sign in first, coming back to the page they were on', async () => {
    const { router } = renderWithDialog({}, false);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Sign in to send feedback' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/chat?draft=1');
  });

  it('sends a member’s feedback, thanks them in a toast and gives focus back to what opened it', async () => {
    const { requests } = renderWithDialog(
      {
        [call('createFeedback')]: {
          status: 201,
          data: { id: 1, text: 'Love it', created_at: '2026-11-23T12:00:00Z' },
        },
      },
      true,
    );
    const dialog = await openDialog();
    const textbox = within(dialog).getByRole('textbox', { name: 'Your feedback' });
    expect(document.activeElement).toBe(textbox);
    await userEvent.type(textbox, 'Love it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thanks for your feedback')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.at(-1)?.body).toEqual({ text: 'Love it' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open feedback' }));
  });

  it('refuses empty feedback, and shows the server’s words when sending fails', async () => {
    renderWithDialog(
      {
        [call('createFeedback')]: {
          status: 400,
          data: { text: ['Text with a NUL character is not allowed.'] },
        },
      },
      true,
    );
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('Write your feedback first.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), 'Hm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Text with a NUL character is not allowed.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeTruthy();
  });
});
