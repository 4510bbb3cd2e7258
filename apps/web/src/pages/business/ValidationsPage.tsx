// `{action}/validations`: sent participations, 10 a page, with bulk review.
export { ValidationsPage } from '../../features/collection/validations/ValidationsPage';
