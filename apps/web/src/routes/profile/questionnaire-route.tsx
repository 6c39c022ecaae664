import { QuestionnairePage } from './QuestionnairePage';

export const Component = QuestionnairePage;
