// `web/reports`: the signed-in person's own evaluations.
export { MyEvaluationsPage as ReportsPage } from '../../features/collection/validations/MyEvaluationsPage';
