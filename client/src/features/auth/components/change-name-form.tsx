import { useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useUpdateName } from '../api/update-user.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';

export function ChangeNameForm({ currentName }: { currentName: string }) {
  const updateName = useUpdateName();
  const [nameError, setNameError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name')).trim();
    // `required` lets a name of only spaces through.
    setNameError(name ? null : 'Please enter your name');
    if (name) updateName.mutate(name);
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <FormAlert message={nameError ?? updateName.error?.message} />
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={currentName}
      />
      <button
        type="submit"
        disabled={updateName.isPending}
        className={buttonClassName('primary', 'self-start')}
      >
        {updateName.isPending ? 'Saving...' : 'Save Name'}
      </button>
    </form>
  );
}
