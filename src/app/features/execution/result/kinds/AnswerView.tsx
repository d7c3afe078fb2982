import type { KindViewProps } from '../kind';

export function AnswerView({ data }: KindViewProps<'answer'>) {
  return (
    <dl className="exec-kind exec-qa" data-kind={data.kind}>
      <dt>Question</dt>
      <dd>{data.question}</dd>
      <dt>Answer</dt>
      <dd className="exec-answer">{data.answer}</dd>
    </dl>
  );
}
