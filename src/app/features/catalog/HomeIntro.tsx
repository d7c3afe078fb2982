/**
 * What the site is and where to start: one entry point per job, each opening a worked example (a tool ready to run,
 * a sample log checked, a recorded model call judged, a recorded suite run graded), then the guide's references.
 */
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import { checkCallsHref, connectHref, evalsHref, guideHref, importHref, modelsHref, toolHref } from '../../lib/hrefs';
import { SITE_NAME } from '../../lib/pageTitle';
import { RUN_FRAGMENT } from '../../lib/runOnArrival';
import './home.css';

interface Job {
  id: string;
  title: string;
  text: string;
  href: string;
  action: string;
}

const JOBS: readonly Job[] = [
  {
    id: 'try',
    title: 'Explore and try a tool',
    text: 'Read a tool’s schema, edit its arguments with every keystroke checked, and run it in a workspace with a real git history.',
    // Runs it on arrival (ExecutionPanel): the result is one click from the home page.
    href: `${toolHref(DEFAULT_TOOLSET_ID, 'read_file')}#${RUN_FRAGMENT}`,
    action: 'Run read_file',
  },
  {
    id: 'import',
    title: 'Import your tools',
    text: 'Paste an MCP tools/list, OpenAI, Anthropic or Gemini definitions: each is checked before anything is saved.',
    href: importHref,
    action: 'Import tools',
  },
  {
    id: 'connect',
    title: 'Connect a server',
    text: 'A live MCP server’s tools, resources and prompts; every call validated before it is sent.',
    href: connectHref(),
    action: 'Connect a server',
  },
  {
    id: 'check',
    title: 'Check a model’s calls',
    text: 'Drop a log of the calls a model made, in any provider’s format, and see which ones the runtime refuses and why.',
    href: `${checkCallsHref()}#sample`,
    action: 'Check a sample log',
  },
  {
    id: 'models',
    title: 'Put a model in the loop',
    text: 'Send a toolset to a model and judge each call as it streams. Start with a recorded run, judged here, no key needed.',
    href: `${modelsHref()}#sample`,
    action: 'See a judged model call',
  },
  {
    id: 'evals',
    title: 'Evaluate',
    text: 'Grade models on suites of cases, or score logged runs. Start with a recorded suite run, graded here, no key needed.',
    href: `${evalsHref()}#sample`,
    action: 'See a sample eval report',
  },
];

export function HomeIntro() {
  return (
    <section className="home-intro" aria-labelledby="home-title">
      <h1 id="home-title">{SITE_NAME}</h1>
      <p className="lead home-lead">
        Document, try, validate and audit the JSON Schemas of AI-agent tools: here, in your browser, with the same
        validator as the agent runtime, or in a terminal with the <code>tool-schemas</code> CLI.
      </p>
      <ul className="home-jobs" aria-label="Where to start">
        {JOBS.map((job) => (
          <li key={job.id} className="home-job" data-job={job.id}>
            <h2 className="home-job-title">
              <a href={job.href} className="stretched-link">
                {job.title}
              </a>
            </h2>
            <p className="home-job-text">{job.text}</p>
            <span className="home-job-action" aria-hidden="true">
              {job.action} →
            </span>
          </li>
        ))}
      </ul>
      <p className="home-references">
        <a href={guideHref()}>Guide</a>
        <span aria-hidden="true"> · </span>
        <a href={guideHref('cli.md')}>CLI reference</a>
        <span aria-hidden="true"> · </span>
        <a href={guideHref('embed.md')}>Embed reference</a>
        <span aria-hidden="true"> · </span>
        <a href={guideHref('glossary.md')}>Glossary</a>
      </p>
    </section>
  );
}
