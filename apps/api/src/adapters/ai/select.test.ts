import { testConfig } from '../../config';
import { aiModelFromConfig } from './select';

const log = { info: jest.fn(), warn: jest.fn() };
const llm = testConfig().llm;

describe('choosing the AI (docs/architecture.md#runtime-pieces)', () => {
  it('uses the offline engine when neither LLM_BASE_URL nor LLM_API_KEY is set', () => {
    expect(aiModelFromConfig({ llm: { ...llm, baseUrl: undefined, apiKey: undefined } }, log).info).toEqual({
      name: 'wingmate-offline-1',
      offline: true,
    });
  });

  it('uses the OpenAI-compatible API when LLM_BASE_URL is set, even without a key (Ollama)', () => {
    const model = aiModelFromConfig(
      { llm: { ...llm, baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' } },
      log,
    );
    expect(model.info).toEqual({ name: 'llama3.2', offline: false });
  });

  it("uses OpenAI's own URL when only LLM_API_KEY is set", () => {
    expect(aiModelFromConfig({ llm: { ...llm, apiKey: 'sk-x' } }, log).info.offline).toBe(false);
  });
});
