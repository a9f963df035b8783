import { en, type MessageKey } from './en';
import { enConnect } from './en-connect';
import { enExplorer, explorerTexts } from './en-explorer';
import { enModels, modelsTexts } from './en-models';
import { enParts } from './en-parts';
import { enSignedIn } from './en-signed-in';
import { enTryIt, tryItTexts } from './en-try-it';
import { enWebhooks, webhooksTexts } from './en-webhooks';
import type { Language } from './languages';
import { zhCN } from './zh-CN';
import { zhCNExplorer } from './zh-CN-explorer';
import { zhCNModels } from './zh-CN-models';
import { zhCNTryIt } from './zh-CN-try-it';
import { zhCNWebhooks } from './zh-CN-webhooks';

/** The catalogue and each part's texts, English beside Chinese, each pair with the same keys. */
export const TEXT_PAIRS: ReadonlyArray<readonly [Record<string, string>, Record<string, string>]> =
  [
    [{ ...en, ...enSignedIn, ...enConnect, ...enParts }, zhCN],
    [enExplorer, zhCNExplorer],
    [enModels, zhCNModels],
    [enTryIt, zhCNTryIt],
    [enWebhooks, zhCNWebhooks],
  ];

const joined = (side: 0 | 1) =>
  Object.assign({}, ...TEXT_PAIRS.map((pair) => pair[side])) as Record<MessageKey, string>;

/**
 * Every text in each language, the parts' own included, as the tests and the end-to-end specs
 * read them; the dashboard itself loads a part's texts with the part (sections.ts).
 */
export const everyText: Record<Language, Record<MessageKey, string>> = {
  en: joined(0),
  'zh-CN': joined(1),
};

/** The parts' own texts, which a test asks for as the parts' roots do in the dashboard. */
export const TEXT_SECTIONS = [explorerTexts, modelsTexts, tryItTexts, webhooksTexts];
