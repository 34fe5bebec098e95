/** Writes declared once (docs/architecture.md, "A write, declared once"). */
export {
  declaredCommands,
  defineCommand,
  inputObject,
  type Command,
  type CommandEvents,
  type CommandField,
  type CommandFields,
  type CommandInput,
  type CommandValue,
  type InputShape,
} from './define-command';
