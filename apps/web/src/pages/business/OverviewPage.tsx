// `{action}/overview`: the company's evaluation scorecards.
export { CompanyScoresPage as OverviewPage } from '../../features/tenancy/overview/CompanyScoresPage';
