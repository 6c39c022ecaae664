import type { Config } from '../../config';
import { offlineModel, type AiLog } from './offline/offline-model';
import { openAiCompatibleModel } from './openai-compatible';
import type { AiModel } from './ports';

/**
 * The OpenAI-compatible adapter when `LLM_BASE_URL` is set (any server) or `LLM_API_KEY` alone (OpenAI's own URL);
 * else the built-in offline engine (docs/architecture.md#runtime-pieces).
 */
export function aiModelFromConfig(config: Pick<Config, 'llm'>, log: AiLog): AiModel {
  const { llm } = config;
  if (!llm.baseUrl && !llm.apiKey) return offlineModel(log);
  log.info(
    { model: llm.model, visionModel: llm.visionModel, baseUrl: llm.baseUrl ?? 'https://api.openai.com/v1' },
    'AI: using an OpenAI-compatible API',
  );
  return openAiCompatibleModel({ ...llm, log });
}
