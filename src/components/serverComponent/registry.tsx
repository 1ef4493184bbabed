import type { ComponentName } from '../../../protocol/components';
import { Alert } from './components/Alert';
import { Button } from './components/Button';
import { Card } from './components/Card';
import { Chart } from './components/Chart';
import { ChatInput } from './components/ChatInput';
import { Columns } from './components/Columns';
import { Divider } from './components/Divider';
import { Html } from './components/Html';
import { Image } from './components/Image';
import { Input } from './components/Input';
import { Layout } from './components/Layout';
import { Markdown } from './components/Markdown';
import { Notebook } from './components/Notebook';
import { Option } from './components/Option';
import { OptionList } from './components/OptionList';
import { Progress } from './components/Progress';
import { Quote } from './components/Quote';
import { Sections } from './components/Sections';
import { Text } from './components/Text';
import { TextArea } from './components/TextArea';
import { Topic } from './components/Topic';
import { VSpace } from './components/VSpace';
import type { ServerComponentType } from './types';

/**
 * One React component per protocol name. Typed by ComponentName, so a name
 * added to the protocol without a component here (or a stray extra entry) is a
 * type error.
 */
export const registry: Record<ComponentName, ServerComponentType> = {
  Sections,
  Columns,
  Layout,
  Card,
  Notebook,
  VSpace,
  Divider,
  Text,
  Markdown,
  Html,
  Alert,
  Button,
  Input,
  TextArea,
  OptionList,
  Option,
  Topic,
  Image,
  Chart,
  ChatInput,
  Quote,
  Progress,
};
