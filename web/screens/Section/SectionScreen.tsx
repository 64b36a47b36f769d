import { Link } from 'react-router';

/** Screens whose features land in later releases: say so plainly instead of pretending. */
export default function SectionScreen({ title, description }: { title: string; description: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{description}</p>
      <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-500">
        This part of Splikz is being built and opens in an upcoming release.{' '}
        <Link to="/" className="font-medium text-brand-600 hover:underline">
          Back to Home
        </Link>
      </p>
    </main>
  );
}
