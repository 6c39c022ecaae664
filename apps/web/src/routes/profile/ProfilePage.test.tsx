import type { Answer, Question } from '@wingmate/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, page, pageLoaderWhileLoading, renderScreen } from '../../testing/screens';

const NOW = '2026-11-23T12:00:00.000Z';

const questions: Question[] = [
  { id: 1, text: 'What do you do for fun?', kind: 'text', choices: [], order: 1 },
  {
    id: 2,
    text: 'What are you looking for?',
    kind: 'choice',
    choices: ['Something serious', 'New friends'],
    order: 2,
  },
];

const answer = (id: number, question: number, text: string): Answer => ({
  id,
  question,
  text,
  created_at: NOW,
  updated_at: NOW,
});

const questionnaires = page([
  { id: 5, title: 'Dating style', description: 'A few quick questions.', questions: [] },
]);

function renderProfile(routes: Parameters<typeof renderScreen>[1]) {
  return renderScreen(
    '/profile',
    {
      [call('listQuestions')]: { data: page(questions) },
      [call('listQuestionnaires')]: { data: questionnaires },
      ...routes,
    },
    { signedIn: true },
  );
}

async function openProfile(routes: Parameters<typeof renderScreen>[1]) {
  const rendered = renderProfile(routes);
  await screen.findByRole('heading', { level: 1, name: 'Your profile' });
  return rendered;
}

const form = (question: string) => screen.findByRole('form', { name: question });

describe('/profile (docs/web.md#routes: profile questions and the member’s answers)', () => {
  it('sends a visitor to sign in, coming back to /profile', async () => {
    const { router } = renderScreen('/profile', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fprofile');
  });

  it('shows a loading state, then each question with its answer, and the questionnaires', async () => {
    let reply: (value: { data: unknown }) => void = () => undefined;
    const { requests } = renderProfile({
      [call('listAnswers')]: () => new Promise((resolve) => (reply = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, call('listAnswers'))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your profile' })).toBeNull();
    act(() => reply({ data: page([answer(9, 2, 'New friends')]) }));
    const fun = within(await form('What do you do for fun?'));
    expect(fun.getByRole<HTMLTextAreaElement>('textbox', { name: 'What do you do for fun?' }).value).toBe('');
    expect(fun.getByText('Not answered yet')).toBeTruthy();
    const looking = within(await form('What are you looking for?'));
    expect(looking.getByRole('radio', { name: 'New friends' })).toHaveProperty('checked', true);
    expect(looking.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(looking.getByText('Saved Nov 23, 2026')).toBeTruthy();
    expect(screen.getByText('1 of 2 answered')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Dating style/ }).getAttribute('href')).toBe('/questionnaires/5');
  });

  it('says when there are no questions yet', async () => {
    await openProfile({
      [call('listQuestions')]: { data: page([]) },
      [call('listAnswers')]: { data: page([]) },
    });
    expect(await screen.findByText('There are no profile questions yet.')).toBeTruthy();
  });

  it('says why the profile could not be loaded, and loads again on "Try again"', async () => {
    let calls = 0;
    await openProfile({
      [call('listAnswers')]: () =>
        ++calls === 1 ? { status: 400, data: { detail: 'Invalid page.' } } : { data: page([]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid page.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await form('What do you do for fun?')).toBeTruthy();
  });

  it('answers a question (create), then changes the answer (update)', async () => {
    const { requests } = await openProfile({
      [call('listAnswers')]: { data: page([]) },
      [call('createAnswers')]: { status: 201, data: [answer(9, 1, 'Climbing')] },
      [call('updateAnswers')]: { data: [answer(9, 1, 'Climbing and puns')] },
    });
    const fun = within(await form('What do you do for fun?'));
    const textbox = fun.getByRole('textbox', { name: 'What do you do for fun?' });
    await userEvent.type(textbox, 'Climbing');
    await userEvent.click(fun.getByRole('button', { name: 'Save' }));
    expect(await fun.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({ answers: [{ question: 1, text: 'Climbing' }] });

    await userEvent.type(textbox, ' and puns');
    await userEvent.click(fun.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        method: 'PUT',
        body: { answers: [{ id: 9, text: 'Climbing and puns' }] },
      }),
    );
    expect(await screen.findAllByText('Answer saved')).toBeTruthy();
  });

  it('shows an update refusal (the server’s `text` message) under that answer', async () => {
    await openProfile({
      [call('listAnswers')]: { data: page([answer(9, 1, 'Climbing')]) },
      [call('updateAnswers')]: { status: 400, data: { text: ['Answer 9 was not found.'] } },
    });
    const fun = within(await form('What do you do for fun?'));
    const textbox = fun.getByRole('textbox', { name: 'What do you do for fun?' });
    await userEvent.type(textbox, '!');
    await userEvent.click(fun.getByRole('button', { name: 'Save' }));
    const error = await fun.findByText('Answer 9 was not found.');
    expect(textbox.getAttribute('aria-describedby')).toContain(error.id);
    expect(textbox.getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes an answer, counting "already gone" (404) as deleted', async () => {
    await openProfile({
      [call('listAnswers')]: { data: page([answer(9, 2, 'New friends')]) },
      [call('deleteAnswer', { id: 9 })]: { status: 404, data: { detail: 'Not found.' } },
    });
    const looking = within(await form('What are you looking for?'));
    await userEvent.click(looking.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Answer deleted')).toBeTruthy();
    expect(looking.getByRole('radio', { name: 'New friends' })).toHaveProperty('checked', false);
    expect(looking.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('0 of 2 answered')).toBeTruthy();
  });
});
