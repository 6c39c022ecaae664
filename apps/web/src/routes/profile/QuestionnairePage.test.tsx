import type { Questionnaire, QuestionnaireAnswer } from '@wingmate/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, page, pageLoaderWhileLoading, renderScreen, TEST_UID } from '../../testing/screens';
import { PAGE_LOADER_NAME } from '../../frame/PageLoader';

const NOW = '2026-11-23T12:00:00.000Z';

const datingStyle: Questionnaire = {
  id: 5,
  title: 'Dating style',
  description: 'A few quick questions so your wingmate’s advice fits you.',
  questions: [
    { id: 51, text: 'How do you usually meet people?', kind: 'choice', choices: ['Dating apps', 'Friends'] },
    { id: 52, text: 'What is the hardest part of dating for you?', kind: 'text', choices: [] },
  ],
};

const saved = (id: number, answers: QuestionnaireAnswer['answers']): QuestionnaireAnswer => ({
  id,
  questionnaire: 5,
  answers,
  created_at: NOW,
  updated_at: NOW,
});

const notAnswered = { status: 404, data: { detail: 'Not found.' } };

async function openQuestionnaire(routes: Parameters<typeof renderScreen>[1], path = '/questionnaires/5') {
  const rendered = renderScreen(path, {
    [call('listQuestionnaires')]: { data: page([datingStyle]) },
    ...routes,
  });
  // The page's own heading, not the page loader's, which stands in for it while the data loads.
  await screen.findByRole('heading', { level: 1, name: (name) => name !== PAGE_LOADER_NAME });
  return rendered;
}

describe('/questionnaires/:id (docs/web.md#routes: visitors by uid too; answer and update)', () => {
  it('shows a loading state, then the questions, for a visitor who has not answered', async () => {
    let reply: (value: typeof notAnswered) => void = () => undefined;
    const { requests } = renderScreen('/questionnaires/5', {
      [call('listQuestionnaires')]: { data: page([datingStyle]) },
      [call('getQuestionnaireAnswers', { id: 5 })]: () => new Promise((resolve) => (reply = resolve)),
    });
    expect(await pageLoaderWhileLoading(requests, call('getQuestionnaireAnswers', { id: 5 }))).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dating style' })).toBeNull();
    act(() => reply(notAnswered));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dating style' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How do you usually meet people?' })).toBeTruthy();
    expect(screen.getByText('Not answered yet.')).toBeTruthy();
    const asked = requests.find((request) => request.path.endsWith('/questionnaires/answers/5/'));
    expect(asked?.query.get('uid')).toBe(TEST_UID);
  });

  it('answers as a visitor (by uid), then updates the same answers', async () => {
    const { requests } = await openQuestionnaire({
      [call('getQuestionnaireAnswers', { id: 5 })]: notAnswered,
      [call('createQuestionnaireAnswer', { id: 5 })]: ({ body }) => ({
        status: 201,
        data: saved(8, (body as { answers: QuestionnaireAnswer['answers'] }).answers),
      }),
      [call('updateQuestionnaireAnswer', { id: 5, answerId: 8 })]: ({ body }) => ({
        data: saved(8, (body as { answers: QuestionnaireAnswer['answers'] }).answers),
      }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Friends' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Dates are written in English whatever the browser's locale (docs/product.md#constants-and-limits).
    expect(await screen.findByText(/^Answered Nov 23, 2026;/)).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({ uid: TEST_UID, answers: [{ question: 51, text: 'Friends' }] });

    await userEvent.type(
      screen.getByRole('textbox', { name: 'What is the hardest part of dating for you?' }),
      'Small talk',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        method: 'PUT',
        path: '/api/v1/accounts/questionnaires/5/answer/8/update/',
        body: {
          uid: TEST_UID,
          answers: [
            { question: 51, text: 'Friends' },
            { question: 52, text: 'Small talk' },
          ],
        },
      }),
    );
  });

  it('shows the saved answers, and asks for at least one before saving', async () => {
    await openQuestionnaire({
      [call('getQuestionnaireAnswers', { id: 5 })]: {
        data: saved(8, [{ question: 52, text: 'Small talk' }]),
      },
    });
    const textbox = await screen.findByRole('textbox', {
      name: 'What is the hardest part of dating for you?',
    });
    expect((textbox as HTMLTextAreaElement).value).toBe('Small talk');
    await userEvent.clear(textbox);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Answer at least one question.');
  });

  it('says so when there is no questionnaire at the address', async () => {
    await openQuestionnaire(
      { [call('getQuestionnaireAnswers', { id: 99 })]: notAnswered },
      '/questionnaires/99',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaire not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toBeTruthy();
  });

  it('says why it could not be loaded, and loads again on "Try again"', async () => {
    let calls = 0;
    await openQuestionnaire({
      [call('listQuestionnaires')]: () =>
        ++calls === 1
          ? { status: 401, data: { detail: 'Given token not valid for any token type' } }
          : {
              data: page([datingStyle]),
            },
      [call('getQuestionnaireAnswers', { id: 5 })]: notAnswered,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Given token not valid for any token type');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dating style' })).toBeTruthy();
  });
});
