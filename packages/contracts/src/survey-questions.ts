/**
 * The question catalogue of DOMAIN.md "Surveys" (types, settings) and the answer rules
 * (validateAnswer, normalizeAnswer), scoring (scoreAnswer) and upload checks
 * (checkMediaFile), in one import for builder, answering
 * page and server.
 */
export * from './survey-question-types';
export * from './survey-question-settings';
export * from './survey-answers';
export * from './survey-scoring';
export * from './media-file-rules';
