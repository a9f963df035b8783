import { en, type MessageKey } from './en';
import { enExplorer } from './en-explorer';
import { enModels } from './en-models';
import { enTryIt } from './en-try-it';
import { enWebhooks } from './en-webhooks';
import type { Language } from './languages';
import { zhCN } from './zh-CN';
import { zhCNExplorer } from './zh-CN-explorer';
import { zhCNModels } from './zh-CN-models';
import { zhCNTryIt } from './zh-CN-try-it';
import { zhCNWebhooks } from './zh-CN-webhooks';

/**
 * Every text in each language, the parts' own included, as the tests and the end-to-end specs
 * read them; the dashboard itself loads a part's texts with the part (sections.ts).
 */
export const everyText: Record<Language, Record<MessageKey, string>> = {
  en: { ...en, ...enExplorer, ...enModels, ...enTryIt, ...enWebhooks },
  'zh-CN': { ...zhCN, ...zhCNExplorer, ...zhCNModels, ...zhCNTryIt, ...zhCNWebhooks },
};

/** The catalogue and each part's texts, English beside Chinese, each pair with the same keys. */
export const TEXT_PAIRS: ReadonlyArray<readonly [Record<string, string>, Record<string, string>]> =
  [
    [en, zhCN],
    [enExplorer, zhCNExplorer],
    [enModels, zhCNModels],
    [enTryIt, zhCNTryIt],
    [enWebhooks, zhCNWebhooks],
  ];
