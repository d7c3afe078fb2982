import type { KindViewProps } from '../kind';

export function ConfirmationView({ data }: KindViewProps<'confirmation'>) {
  return (
    <dl className="exec-kind exec-qa" data-kind={data.kind}>
      <dt>Action</dt>
      <dd>{data.action}</dd>
      <dt>Decision</dt>
      <dd className={data.confirmed ? 'exec-confirmed' : 'exec-declined'}>
        {data.confirmed ? '✓ Confirmed' : '✗ Declined'}
      </dd>
    </dl>
  );
}
